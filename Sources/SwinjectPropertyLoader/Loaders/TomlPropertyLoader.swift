public import Foundation
public import PropertyFormats

/// Loads properties from a TOML document, with tables flattened to dot keys.
///
/// `[api] base_url = "…"` is the property `api.base_url`; `[packages.unlimited] cost = 99.99` is
/// `packages.unlimited.cost`. Arrays (arrays of tables included) stay single values. Values keep
/// their TOML types: a local date reads as `DateComponents` or `String`, an offset date-time as
/// `Date`.
///
/// Tables merge leaf by leaf: each leaf replaces only the same key of earlier loaders, so
/// `[database] port = 6432` over a JSON `"database"` object changes the port and keeps the
/// rest. A quoted key that contains a dot stays one segment: `[a."b.c"] key = 2` is the property
/// `a."b.c".key` (the quoted spelling), distinct from `a.b.c.key`.
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
            throw PropertyLoaderError(parseError: error, source: source).attributed(to: input)
        }
        return PropertyBatch(mergingLeavesOf: table, source: source, limits: options.limits)
    }

    /// The flattened leaves as plain values.
    public func load() throws -> [String: Any] {
        try loadProperties().plainDictionary
    }
}
