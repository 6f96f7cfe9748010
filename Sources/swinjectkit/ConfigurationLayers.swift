import ArgumentParser
import Foundation
import Swinject
import SwinjectPropertyLoader

/// One source the command applies: a file or directory, the environment, or the `--set`
/// assignments, with the label messages use for it.
struct Layer {
    let label: String
    let loader: any PropertyLoader
}

/// The layers `options` name, in the order they apply: the files left to right, then the
/// secret directories (`--secrets`), then the environment (`--env`), then the `--set`
/// assignments.
struct ConfigurationLayers {
    let layers: [Layer]
    let names: SourceNames
    let merge: PropertyMerge

    init(_ options: ConfigurationOptions, environment: [String: String]) throws(ValidationError) {
        var layers: [Layer] = []
        for file in options.files {
            let format = try FileFormat.of(path: file, override: options.format)
            layers.append(Layer(label: file, loader: try format.loader(path: file)))
        }
        for directory in options.secretDirectories {
            let url = URL(fileURLWithPath: directory)
            layers.append(Layer(label: directory, loader: DirectoryPropertyLoader(url: url, secret: true)))
        }
        if let prefix = options.environmentPrefix {
            layers.append(try EnvironmentLayer.layer(prefix: prefix, environment: environment))
        }
        if !options.assignments.isEmpty {
            var assignments: [Assignment] = []
            for argument in options.assignments { assignments.append(try Assignment(argument)) }
            layers.append(Layer(label: "--set", loader: AssignmentLoader(assignments: assignments)))
        }
        self.layers = layers
        self.names = SourceNames(files: options.files + options.secretDirectories)
        self.merge = options.merge.propertyMerge
    }

    /// Every layer loaded on its own, so one bad file does not hide another's problem, then
    /// the layers that loaded applied together to a new container, which resolves `${key}`
    /// placeholders once, after the last (a placeholder may name a key a later layer sets).
    /// The problems are each layer's load error, in order, then the error of applying them,
    /// then each placeholder that does not resolve, by the key that holds it.
    func load() -> (container: Container, problems: [String]) {
        let container = Container()
        var problems: [String] = []
        var loaded: [any PropertyLoader] = []
        for layer in layers {
            do {
                loaded.append(BatchLoader(batch: try layer.loader.propertyBatch()))
            } catch {
                problems.append(names.message(for: error, layer: layer.label))
            }
        }
        do {
            try container.applyPropertyLoaders(loaded, merging: merge)
        } catch {
            problems.append(names.message(for: error, layer: "swinjectkit"))
        }
        for error in container.unresolvedPlaceholders {
            problems.append(names.message(for: error, layer: "swinjectkit"))
        }
        return (container, problems)
    }

    /// The merged properties, or a failure listing every problem.
    func loadOrFail() throws(CommandFailure) -> Container {
        let (container, problems) = load()
        guard problems.isEmpty else { throw CommandFailure(lines: problems) }
        return container
    }

    /// The layers `options` name, with this process's environment, and their merged properties;
    /// throws the options' error, or a failure listing every problem.
    static func loaded(_ options: ConfigurationOptions) throws -> (layers: ConfigurationLayers, container: Container) {
        let layers = try ConfigurationLayers(options, environment: ProcessInfo.processInfo.environment)
        return (layers, try layers.loadOrFail())
    }
}

/// A loader that hands a container a batch loaded earlier.
private struct BatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}

/// The `--set` assignments: text values, which convert on request as environment values do.
struct AssignmentLoader: PropertyBatchLoader {
    let assignments: [Assignment]

    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        let source = PropertySource(name: "--set", valuesAreText: true)
        for assignment in assignments {
            batch.set(assignment.key, to: .string(assignment.value), source: source)
        }
        return batch
    }
}
