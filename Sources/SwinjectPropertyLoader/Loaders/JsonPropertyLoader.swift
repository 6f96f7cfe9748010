import Foundation
public import PropertyFormats

/// Loads properties from a JSON object, with `//`, `/* */` and `/** */` comments allowed.
///
/// Each top-level key is one property; a nested object or array is one value, replaced whole
/// by a later loader (or merged into the earlier table key by key when applied with
/// ``PropertyMerge/deep``) and readable by dot path (`"db.host"`) or whole (`[String: Any]`,
/// `Decodable`). Duplicate keys are an error naming both lines.
///
/// A top-level key with dots is a path: `{"db.host": "a"}` sets the member `host` of the
/// table `db`, as `[db] host = "a"` does in TOML, leaving the other members of `db` as they
/// are. A dot inside a nested key is part of that one name, read back with the name quoted:
/// `{"a": {"b.c": 1}}` is the property `a."b.c"`, and `{"\"b.c\"": 1}` the top-level property
/// `"b.c"`.
///
/// ```swift
/// let loader = JsonPropertyLoader(bundle: .main, name: "properties")   // properties.json
/// try container.applyPropertyLoader(loader)
/// ```
///
/// The name is the upstream spelling (SwinjectPropertyLoader), kept so code written for it
/// compiles unchanged.
public struct JsonPropertyLoader: FilePropertyLoader {
    /// What the loader reads.
    public let input: PropertyInput
    /// Parser options: limits, duplicate-key policy, comments.
    public var options: JSONParser.Options

    /// `"json"`.
    public static var fileExtension: String { "json" }
    /// The default options.
    public static var defaultOptions: JSONParser.Options { .init() }

    /// Creates a loader that reads `input` with `options`.
    public init(input: PropertyInput, options: JSONParser.Options) {
        self.input = input
        self.options = options
    }

    /// The properties, each with its line:column.
    public func loadBatch() throws -> PropertyBatch {
        let source = input.sourceName
        let data = try input.read(limits: options.limits)
        let root: PropertyNode
        do {
            root = try JSONParser.parse(data, options: options)
        } catch {
            throw PropertyLoaderError(parseError: error, source: source).attributed(to: input)
        }
        guard case .table(let table) = root.value else {
            throw PropertyLoaderError(
                .invalidTopLevel, source: source,
                message: "top level is \(root.value.kindName), expected an object", position: root.position
            ).attributed(to: input)
        }
        var batch = PropertyBatch(expectedCount: table.count, limits: options.limits)
        let sourceIndex = batch.sourceIndex(for: source)
        for entry in table.entries { batch.set(entry.key, entry.node, source: sourceIndex) }
        data.withUnsafeBytes { batch.markPlaceholderFree(unlessDollarIn: $0) }
        return batch
    }
}
