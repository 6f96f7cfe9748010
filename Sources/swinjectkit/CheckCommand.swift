import ArgumentParser
import Foundation
import SwinjectPropertyLoader

/// `swinjectkit check FILE...`: every problem of every source at once, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem in the configuration, one file:line:column: message line each.",
        discussion: """
            Each source is loaded on its own, so one bad file does not hide another's problem. \
            With --schema, the merged properties are also read as the application's schema says \
            (Container.propertySchema()): a value of the wrong type and a required key no source \
            sets are problems. Exits with 0 and a one-line summary when there is none, 1 when \
            there are.
            """
    )

    @OptionGroup var options: ConfigurationOptions

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "A schema written by the application (PropertySchema.json) to check types and required keys against.",
            valueName: "file"))
    var schema: String?

    func run() throws {
        let layers = try ConfigurationLayers(options, environment: ProcessInfo.processInfo.environment)
        let (container, loadProblems) = layers.load()
        var problems = loadProblems
        var checked = ""
        if let schema {
            let result = SchemaCheck.problems(schemaPath: schema, container: container, names: layers.names)
            problems += result.problems
            checked = ", \(result.entries == 1 ? "1 schema entry" : "\(result.entries) schema entries")"
        }
        guard problems.isEmpty else {
            // Problems go to standard output: they are what the command was asked for.
            for problem in problems { print(problem) }
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            print("\(count) in \(Self.sources(layers.layers.count))")
            throw ExitCode.failure
        }
        print(
            "ok: \(Self.sources(layers.layers.count)), \(container.propertyKeys.count) properties\(checked), no problems"
        )
    }

    private static func sources(_ count: Int) -> String {
        count == 1 ? "1 source" : "\(count) sources"
    }
}
