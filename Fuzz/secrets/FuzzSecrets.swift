// libFuzzer entry point, built by Scripts/fuzz.sh: plants a marker secret in a random document
// and fails when any rendering shows the marker's bytes.
//
// The first byte picks the format (JSON, TOML or .env) and the way the marker is secret; the
// rest is the document. Each byte 0x01 that stands inside a value is replaced by the marker
// (`Planting`), and every value of the document is secret: its source is marked secret, or the
// container's `PropertySecrets` lists each of its keys. A secret source may also set the marker
// under `fuzz.password` and `vault.value` first, for the document to override, merge with or
// refer to through `${…}`. Then every rendering is searched: the load error (description,
// localizedDescription, String(reflecting:), dump, Mirror), each record and each failed read,
// `propertiesDescription`, `propertyUsage`, `checkProperties()` and every log message with its
// metadata. Key names and source names are not secret, so an input whose keys hold the marker
// is not checked.

import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader

/// The planted secret; `core` is the part no rendering may show, even cut short.
private let marker = "MARKER-7f3a9c-SECRET"
private let core = "7f3a9c"

private let limits = ParseLimits(maxKeys: 256, maxStringBytes: 4096)

/// The first byte of an input: bits 0–1 the format, bit 2 secret by the container's rules
/// instead of by source, bit 3 a secret source with the marker applied first, bit 4 deep merging.
private struct Mode {
    let format: Planting.Format
    let byRules: Bool
    let secretSourceFirst: Bool
    let merge: PropertyMerge

    init(_ byte: UInt8) {
        format = [.json, .toml, .dotenv, .json][Int(byte & 3)]
        byRules = byte & 4 != 0
        secretSourceFirst = byte & 8 != 0
        merge = byte & 16 != 0 ? .deep : .replace
    }

    func loader(_ data: Data) -> any PropertyLoader {
        switch format {
        case .json: JsonPropertyLoader(data: data, name: "fuzz.json", options: .init(limits: limits))
        case .toml: TomlPropertyLoader(data: data, name: "fuzz.toml", options: .init(limits: limits))
        case .dotenv:
            DotEnvPropertyLoader(
                data: data, name: "fuzz.env", options: .init(limits: limits, variables: ["HOME": "/home/app"]))
        }
    }
}

/// A loader whose every value is secret: its properties come from `inner` with their sources
/// marked secret.
private struct SecretSourceLoader: PropertyBatchLoader {
    let inner: any PropertyLoader

    func loadBatch() throws -> PropertyBatch {
        let batch = try inner.propertyBatch()
        return PropertyBatch(
            batch.properties.map { property in
                var source = property.source
                source.isSecret = true
                return LoadedProperty(key: property.key, value: property.value, source: source)
            }, limits: limits)
    }
}

/// The marker as a mounted secret: one file per key.
private struct MarkerLoader: PropertyBatchLoader {
    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        batch.set("fuzz.password", to: .string(marker), source: PropertySource(name: "secrets/fuzz.password"))
        batch.set(
            "vault.value", to: .string(marker + "-vault"), source: PropertySource(name: "secrets", isSecret: true))
        return batch
    }
}

/// A swift-log handler that keeps every message with its metadata.
private struct CollectingLogHandler: LogHandler {
    /// `@unchecked Sendable`: a fuzz input runs on one thread.
    final class Lines: @unchecked Sendable {
        var text: [String] = []
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.text.append("\(event.level) \(event.message) \(metadata) \(event.metadata ?? [:])")
    }
}

/// Each way Swift renders `value`, by name.
private func renderings(of value: Any, named name: String) -> [(String, String)] {
    var dumped = ""
    dump(value, to: &dumped)
    var result = [
        ("\(name) description", String(describing: value)), ("\(name) reflecting", String(reflecting: value)),
        ("\(name) dump", dumped),
        (
            "\(name) mirror",
            Mirror(reflecting: value).children.map { "\($0.label ?? ""): \(String(reflecting: $0.value))" }
                .joined(separator: "\n")
        ),
    ]
    if let error = value as? any Error { result.append(("\(name) localizedDescription", error.localizedDescription)) }
    return result
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSecrets(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    // An input that spells the marker itself may put it in a key.
    guard !String(decoding: input, as: UTF8.self).contains(core) else { return 0 }
    let mode = Mode(input[0])
    let document = Data(Planting.plant(Array(marker.utf8), in: input.dropFirst(), format: mode.format))
    let loader = mode.loader(document)

    let container = Container()
    container.placeholderLimits = PlaceholderLimits(maxDepth: 16, maxValueBytes: 1 << 16, maxTotalBytes: 1 << 20)
    let log = CollectingLogHandler.Lines()
    container.propertyLogger = Logger(label: "SwinjectKit") { _ in CollectingLogHandler(lines: log) }
    var loaders: [any PropertyLoader] = mode.secretSourceFirst ? [MarkerLoader()] : []
    var documentKeys: [String] = []
    if mode.byRules {
        // Every key the document sets, as the batch spells it and as a container lists it.
        if let batch = try? loader.propertyBatch() {
            documentKeys = batch.properties.map(\.key)
            let scratch = Container()
            if (try? scratch.applyPropertyLoader(SecretSourceLoader(inner: loader))) != nil {
                documentKeys += scratch.propertyKeys
            }
        }
        container.propertySecrets = PropertySecrets(keys: Set(documentKeys))
        loaders.append(loader)
    } else {
        loaders.append(SecretSourceLoader(inner: loader))
    }

    var outputs: [(String, String)] = []
    do {
        try container.applyPropertyLoaders(loaders, merging: mode.merge)
    } catch {
        outputs += renderings(of: error, named: "load error")
    }
    let keys = container.propertyKeys
    // Key names are shown as they are: a key that holds the marker is no secret's fault.
    if (keys + documentKeys).contains(where: { $0.contains(core) }) { return 0 }

    var sections: Set<String> = []
    for key in keys.prefix(64) {
        if let record = container.propertyRecord(for: key) {
            outputs += renderings(of: record, named: "record \(key)")
        }
        var prefix = Substring(key)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            sections.insert(String(prefix))
        }
        do {
            _ = try container.requiredProperty(key, as: Int.self)
        } catch {
            outputs += renderings(of: error, named: "required \(key)")
        }
        let _: [String]? = container.property(key)
        let _: Bool? = container.property(key)
        container.declareProperty(PropertyKey(key), as: Double.self)
    }
    for section in sections.sorted().prefix(32) {
        outputs.append(("section \(section)", container.propertyRecord(for: section)?.description ?? ""))
        let _: [String: Int]? = container.property(section)
    }
    do {
        try container.checkProperties()
    } catch {
        outputs += renderings(of: error, named: "checkProperties")
    }
    outputs.append(("propertiesDescription", container.propertiesDescription))
    outputs.append(("propertyUsage", container.propertyUsage.description))
    outputs.append(("readFailures", container.propertyReadFailures.map(\.description).joined(separator: "\n")))
    outputs.append(("log", log.text.joined(separator: "\n")))
    for (name, output) in outputs where output.contains(core) {
        fatalError("\(name) shows the secret marker:\n\(output)")
    }
    return 0
}
