import Foundation
public import PropertyFormats

/// Loads properties from a `.env` file as docker compose reads it: `KEY=value` lines, `#`
/// comments, an optional `export` in front, single quotes for text as written, double quotes
/// with escapes, quoted values over several lines, and `$NAME` / `${NAME:-default}`
/// interpolation from the environment and the file's earlier names.
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
    /// How names become keys, whether values interpolate, and the limits a `.env` text is read
    /// under.
    public struct Options: Sendable, Hashable {
        /// Input size (`maxInputBytes`, also the most bytes interpolations may insert in all),
        /// name and value length (`maxStringBytes`), number of assignments (`maxKeys`) and how
        /// deep `${NAME:-${OTHER}}` may nest (`maxDepth`).
        public var limits: ParseLimits
        /// How names become keys: as written (the default), or as environment variables do.
        public var keys: KeyStyle
        /// Whether `$NAME` and `${NAME…}` in unquoted and double-quoted values are replaced by
        /// variables, as docker compose does (the default). When false, `$` is a plain
        /// character and `\$` in double quotes is a `$`.
        public var interpolates: Bool
        /// The variables that interpolation and a name alone on a line read before the names
        /// the file sets, or nil for the process environment, read when the loader is applied.
        public var variables: [String: String]?

        /// Creates options; the limits default to the safe defaults, names are keys as written,
        /// values interpolate, and variables come from the process environment.
        public init(
            limits: ParseLimits = .default, keys: KeyStyle = .asWritten, interpolates: Bool = true,
            variables: [String: String]? = nil
        ) {
            self.limits = limits
            self.keys = keys
            self.interpolates = interpolates
            self.variables = variables
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
        let variables = DotEnvVariables(environment: options.variables, recordsFileValues: options.interpolates)
        let entries: [DotEnvEntry]
        do {
            entries = try data.withUnsafeBytes { bytes in
                try DotEnvParser.parse(
                    bytes, limits: options.limits, interpolates: options.interpolates, variables: variables)
            }
        } catch let failure as DotEnvFailure {
            var error = PropertyLoaderError(parseError: failure.error, source: name)
            if failure.isMissingVariable { error.code = .unresolvedPlaceholder }
            throw error.attributed(to: input)
        }
        var batch = PropertyBatch(expectedCount: entries.count, limits: options.limits)
        let source = PropertySource(name: name, valuesAreText: true)
        switch options.keys {
        case .asWritten:
            for entry in entries {
                batch.set(entry.key, to: .string(entry.value), source: source.at(entry.position))
            }
        case .environment(let prefix):
            try setMatching(entries, prefix: prefix, source: source, into: &batch)
        }
        return batch
    }
}
