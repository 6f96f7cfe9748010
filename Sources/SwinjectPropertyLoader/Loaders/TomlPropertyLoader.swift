import Foundation
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
///
/// The name is the upstream spelling (SwinjectPropertyLoader), kept so code written for it
/// compiles unchanged.
public struct TomlPropertyLoader: FilePropertyLoader {
    /// What the loader reads.
    public let input: PropertyInput
    /// Parser options: limits and TOML version.
    public var options: TOMLParser.Options

    /// `"toml"`.
    public static var fileExtension: String { "toml" }
    /// The default options.
    public static var defaultOptions: TOMLParser.Options { .init() }

    /// Creates a loader that reads `input` with `options`.
    public init(input: PropertyInput, options: TOMLParser.Options) {
        self.input = input
        self.options = options
    }

    /// The properties, each with its line:column.
    public func loadBatch() throws -> PropertyBatch {
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
}
