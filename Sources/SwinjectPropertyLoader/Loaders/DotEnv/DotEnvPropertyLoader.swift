import Foundation
public import PropertyFormats

/// Loads properties from a `.env` file in the dialect docker compose reads: `KEY=value` lines,
/// `#` comments, an optional `export` in front, single quotes for text as written, double
/// quotes with escapes, quoted values over several lines.
///
/// Each variable name is its property key as written: `DATABASE_URL=…` sets `DATABASE_URL`,
/// `database.port=5432` sets `database.port`. Values are text that converts on request, so
/// `database.port` reads as `Int`. A name set twice keeps its last value. Every value records
/// its file, line and column; a malformed line fails the whole file with its line:column, and
/// no property changes.
///
/// ```swift
/// let text = """
///     # Local overrides
///     export database.host=localhost
///     database.port=5432            # the default port
///     greeting="Hello,\\nworld"
///     password='pa$$word'
///     """
/// let container = Container()
/// try container.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env"))
/// let host: String? = container.property("database.host")  // "localhost"
/// ```
///
/// The rules and every error are in the DotEnvFiles article.
public struct DotEnvPropertyLoader: FilePropertyLoader {
    /// The limits a `.env` text is read under.
    public struct Options: Sendable, Hashable {
        /// Input size (`maxInputBytes`), key and value length (`maxStringBytes`) and number of
        /// assignments (`maxKeys`).
        public var limits: ParseLimits

        /// Creates options; the limits default to the safe defaults.
        public init(limits: ParseLimits = .default) {
            self.limits = limits
        }
    }

    /// What the loader reads.
    public let input: PropertyInput
    /// The limits.
    public var options: Options

    /// `"env"`: `init(bundle:name:)` with `name: "production"` reads `production.env`.
    public static var fileExtension: String { "env" }
    /// The default limits.
    public static var defaultOptions: Options { Options() }

    /// Creates a loader that reads `input` with `options`.
    public init(input: PropertyInput, options: Options) {
        self.input = input
        self.options = options
    }

    /// One property per assignment, in file order, each a text value at its line:column.
    public func loadBatch() throws -> PropertyBatch {
        let name = input.sourceName
        let data = try input.read(limits: options.limits)
        let parsed = data.withUnsafeBytes { bytes in
            Result { () throws(ParseError) in try DotEnvParser.parse(bytes, limits: options.limits) }
        }
        let entries: [DotEnvEntry]
        switch parsed {
        case .success(let list): entries = list
        case .failure(let error): throw PropertyLoaderError(parseError: error, source: name).attributed(to: input)
        }
        var batch = PropertyBatch(expectedCount: entries.count, limits: options.limits)
        let source = PropertySource(name: name, valuesAreText: true)
        for entry in entries {
            batch.set(entry.key, to: .string(entry.value), source: source.at(entry.position))
        }
        return batch
    }
}
