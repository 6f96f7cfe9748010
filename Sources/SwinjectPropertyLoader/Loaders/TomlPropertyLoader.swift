public import Foundation
public import PropertyFormats

/// Loads properties from a TOML document, with tables flattened to dot keys.
///
/// `[api] base_url = "…"` is the property `api.base_url`; `[packages.unlimited] cost = 99.99` is
/// `packages.unlimited.cost`. Arrays (arrays of tables included) stay single values. Values keep
/// their TOML types: a local date reads as `DateComponents` or `String`, an offset date-time as
/// `Date`.
///
/// A quoted key that contains a dot (`"a.b" = 1`) flattens to the same property key as
/// `[a] b = 2`; when both appear in one document, loading fails with
/// ``PropertyLoaderError/Code/conflictingKeys`` naming both lines.
///
/// ```swift
/// try container.applyPropertyLoader(TomlPropertyLoader(bundle: .main, name: "config"))   // config.toml
/// ```
public struct TomlPropertyLoader: PropertyLoader, PropertyBatchLoader, Sendable {
    let input: PropertyInput
    /// Parser options: limits and TOML version.
    public var options: TOMLParser.Options

    /// Reads `name.toml` from a bundle (the main bundle by default).
    public init(bundle: Bundle = .main, name: String, options: TOMLParser.Options = .init()) {
        self.input = .bundle(bundle, name: name, fileExtension: "toml")
        self.options = options
    }

    /// Reads a file URL.
    public init(url: URL, options: TOMLParser.Options = .init()) {
        self.input = .url(url)
        self.options = options
    }

    /// Reads TOML text; `name` labels errors and sources.
    public init(string: String, name: String = "<string>", options: TOMLParser.Options = .init()) {
        self.input = .data(Data(string.utf8), name: name)
        self.options = options
    }

    /// Reads TOML bytes; `name` labels errors and sources.
    public init(data: Data, name: String = "<data>", options: TOMLParser.Options = .init()) {
        self.input = .data(data, name: name)
        self.options = options
    }

    /// The flattened leaves in document order, each with its line and column.
    public func loadProperties() throws -> [LoadedProperty] {
        try loadBatch().loadedProperties
    }

    func loadBatch() throws -> PropertyBatch {
        let source = input.sourceName
        let data = try input.read(limits: options.limits)
        let table: PropertyTable
        do {
            table = try TOMLParser.parse(data, options: options)
        } catch {
            throw PropertyLoaderError(parseError: error, source: source)
        }
        // About one leaf per 32 bytes of TOML; the batch grows past that if needed.
        let batch = PropertyBatch(expectedCount: data.count / 32) { builder in
            let sourceIndex = builder.sourceIndex(for: source)
            table.forEachLeafKey { key, entry in
                builder.add(key: key, value: entry.node.value, position: entry.node.position, sourceIndex: sourceIndex)
            }
        }
        // Two leaves share a property key only when some key contains a dot.
        if batch.hasReplacedKeys && table.containsDottedKey {
            try Self.checkConflicts(table.flattened(), in: table, source: source)
        }
        return batch
    }

    /// The flattened leaves as plain values.
    public func load() throws -> [String: Any] {
        try loadProperties().plainDictionary
    }

    /// Rejects two key paths that flatten to the same property key (`"a.b" = 1` and `[a] b = 2`).
    private static func checkConflicts(_ leaves: [PropertyTable.FlatEntry], in table: PropertyTable, source: String)
        throws(PropertyLoaderError)
    {
        var firstPositions = [String: SourcePosition](minimumCapacity: leaves.count)
        for leaf in leaves {
            guard let earlier = firstPositions[leaf.key] else {
                firstPositions[leaf.key] = leaf.keyPosition
                continue
            }
            let paths = table.keyPaths(flattenedTo: leaf.key)
            let first = paths.first.map(spelling) ?? leaf.key
            let second = paths.dropFirst().first.map(spelling) ?? leaf.key
            throw PropertyLoaderError(
                .conflictingKeys, source: source,
                message: "key \(second) and key \(first) at line \(earlier.line) both become the property "
                    + "\"\(leaf.key)\"; rename one of them",
                position: leaf.keyPosition)
        }
    }

    /// How a key path is written in TOML: bare segments joined by dots, quoted where needed.
    private static func spelling(_ path: [String]) -> String {
        path.map { segment in
            let bare =
                !segment.isEmpty
                && segment.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x2D || byte == 0x5F
                }
            return bare ? segment : "\"" + segment + "\""
        }.joined(separator: ".")
    }
}
