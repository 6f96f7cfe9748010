import Foundation
public import PropertyFormats

/// Loads the environment variables whose names start with a prefix, as text values.
///
/// The prefix is removed and the rest of the name becomes a key: a single `_` separates
/// segments, `__` is a literal `_`, and ASCII letters are lower-cased, so `APP_DATABASE_HOST`
/// sets `database.host` and `APP_DATABASE_POOL__SIZE` sets `database.pool_size`. When the
/// container already has properties, a variable sets the key an earlier loader spelled the same
/// way in words (`database.poolSize`, `database.pool_size`, `database.pool-size`); a variable
/// that matches two such keys fails to apply, naming both. <doc:EnvironmentVariables> has the
/// full rules and a table of examples.
///
/// Values are text (``PropertySource/valuesAreText``): `"7777"` reads as `Int`, `"yes"` as
/// `Bool`, `"a,b"` as `[String]` (<doc:ConversionTable>). Each value's source is
/// `environment variable NAME`.
///
/// ```swift
/// let loader = EnvironmentPropertyLoader(
///     prefix: "APP_", variables: ["APP_DATABASE_HOST": "db.internal", "APP_DATABASE_PORT": "6432"])
/// ```
public struct EnvironmentPropertyLoader: PropertyBatchLoader, Sendable {
    /// Bounds on what the loader reads.
    public struct Options: Sendable, Hashable {
        /// The most variables with the prefix. Default 10,000.
        public var maxVariables: Int
        /// The longest value, in UTF-8 bytes. Default 1 MiB.
        public var maxValueBytes: Int
        /// Bounds on keys: a key may have at most `limits.maxKeySegments` segments.
        public var limits: ParseLimits

        /// Creates options; every argument defaults to the safe default.
        public init(maxVariables: Int = 10_000, maxValueBytes: Int = 1_048_576, limits: ParseLimits = .default) {
            self.maxVariables = maxVariables
            self.maxValueBytes = maxValueBytes
            self.limits = limits
        }
    }

    /// The start of the names to read, removed from the keys (`APP_`). Matched byte for byte.
    package let prefix: String
    /// The variables to read instead of the process environment, or nil for the process
    /// environment (`ProcessInfo.processInfo.environment`), read when the loader is applied.
    package let variables: [String: String]?
    /// Bounds on what the loader reads.
    package let options: Options

    /// A loader of the process environment's variables that start with `prefix`.
    public init(prefix: String, options: Options = Options()) {
        self.prefix = prefix
        self.variables = nil
        self.options = options
    }

    /// A loader of the variables of `variables` that start with `prefix`: for tests, and for an
    /// environment an application assembles itself.
    public init(prefix: String, variables: [String: String], options: Options = Options()) {
        self.prefix = prefix
        self.variables = variables
        self.options = options
    }

    /// One operation per variable, in the byte order of the names, matched against earlier keys
    /// when the container applies the batch. The batch's ``PropertyBatch/properties`` list each
    /// variable under its own key, since only a container knows the keys set before it.
    public func loadBatch() throws -> PropertyBatch {
        guard !prefix.isEmpty else {
            throw PropertyLoaderError(
                .invalidTopLevel, source: "environment",
                message: "the prefix is empty; without one every variable of the process (PATH, HOME, …) "
                    + "would become a property")
        }
        let environment = variables ?? ProcessInfo.processInfo.environment
        let prefixBytes = prefix.utf8.count
        var selected: [(name: String, value: String)] = []
        for (name, value) in environment where name.utf8.starts(with: prefix.utf8) {
            selected.append((name, value))
            if selected.count > options.maxVariables {
                let total = environment.keys.count { $0.utf8.starts(with: prefix.utf8) }
                let message =
                    "\(total) variables start with \(prefix), more than the limit of \(options.maxVariables) "
                    + "(EnvironmentPropertyLoader.Options.maxVariables)"
                throw PropertyLoaderError(
                    .malformedContent, source: "environment", message: message,
                    parseError: ParseError(.tooManyKeys, message, at: .unknown))
            }
        }
        selected.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var batch = PropertyBatch(limits: options.limits)
        for (name, value) in selected {
            let source = "environment variable \(name)"
            let bytes = value.utf8.count
            if bytes > options.maxValueBytes {
                let message =
                    "the value has \(bytes) bytes, more than the limit of \(options.maxValueBytes) "
                    + "(EnvironmentPropertyLoader.Options.maxValueBytes)"
                throw PropertyLoaderError(
                    .malformedContent, source: source, message: message,
                    parseError: ParseError(.stringTooLong, message, at: .unknown))
            }
            switch EnvironmentKey.map(name, prefixBytes: prefixBytes) {
            case .success(let key):
                batch.setMatching(key, to: .string(value), source: PropertySource(name: source, valuesAreText: true))
            case .failure(let problem):
                throw PropertyLoaderError(
                    .malformedContent, source: source, message: problem.message,
                    parseError: ParseError(.syntax, problem.message, at: .unknown))
            }
        }
        return batch
    }
}
