public import Foundation
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
public struct JsonPropertyLoader: PropertyLoader, PropertyBatchLoader, Sendable {
    let input: PropertyInput
    /// Parser options: limits, duplicate-key policy, comments.
    public var options: JSONParser.Options

    /// Reads `name.json` from a bundle (the main bundle by default).
    public init(bundle: Bundle = .main, name: String, options: JSONParser.Options = .init()) {
        self.input = .bundle(bundle, name: name, fileExtension: "json")
        self.options = options
    }

    /// Reads a file URL.
    public init(url: URL, options: JSONParser.Options = .init()) {
        self.input = .url(url)
        self.options = options
    }

    /// Reads JSON text; `name` labels errors and sources.
    public init(string: String, name: String = "<string>", options: JSONParser.Options = .init()) {
        self.input = .data(Data(string.utf8), name: name)
        self.options = options
    }

    /// Reads JSON bytes; `name` labels errors and sources.
    public init(data: Data, name: String = "<data>", options: JSONParser.Options = .init()) {
        self.input = .data(data, name: name)
        self.options = options
    }

    /// The top-level keys with their values and line:column.
    public func loadProperties() throws -> [LoadedProperty] {
        try loadBatch().loadedProperties
    }

    func loadBatch() throws -> PropertyBatch {
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
        return PropertyBatch(expectedCount: table.count, limits: options.limits) { builder in
            let sourceIndex = builder.sourceIndex(for: source)
            for entry in table.entries { builder.set(entry.key, entry.node, source: sourceIndex) }
        }
    }

    /// The top-level keys as plain values (`Int`, `Double`, `Bool`, `String`, `[Any]`, `[String: Any]`).
    public func load() throws -> [String: Any] {
        try loadProperties().plainDictionary
    }
}
