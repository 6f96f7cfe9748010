public import PropertyFormats

/// A value could not cross between SwinjectKit and swift-configuration.
///
/// `description` reads like `app.toml:3:8: database.port is integer, not readable as
/// stringArray`; it names the key, the source and its line:column, never the value, so it is
/// safe for secrets. Parse errors of a snapshot are `PropertyLoaderError`s instead, with the
/// line:column of the problem.
///
/// Two errors are equal when their codes are equal, whatever their key and message; each code
/// has a static value, so a test writes
/// `#expect(throws: ConfigurationBridgeError.notConvertible) { … }`.
public struct ConfigurationBridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `not-convertible`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code's spelling.
        public var description: String { rawValue }

        /// The value exists but cannot be given as the type asked for.
        package static let notConvertible = Code("not-convertible")
        /// A key the loader was told is required has no value in any provider.
        package static let missingRequiredValue = Code("missing-required-value")
        /// A provider or reader failed while giving a value.
        package static let providerFailed = Code("provider-failed")
    }

    /// The kind of failure.
    public var code: Code
    /// The key, as the source spells it (`database.port`).
    public var key: String
    /// The file, provider or reader the value came from.
    public var source: String
    /// Where the value is in its file, or `SourcePosition.unknown`.
    public var position: SourcePosition
    /// What went wrong, without the value.
    public var message: String

    /// Creates an error.
    package init(_ code: Code, key: String, source: String, position: SourcePosition = .unknown, message: String) {
        self.code = code
        self.key = key
        self.source = source
        self.position = position
        self.message = message
    }

    /// `source:line:column: message`, or `source: message` without a position.
    public var description: String {
        position.isKnown ? "\(source):\(position.line):\(position.column): \(message)" : "\(source): \(message)"
    }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Whether `error` is a bridge error with the code of `pattern`.
    public static func ~= (pattern: Self, error: any Error) -> Bool {
        (error as? Self)?.code == pattern.code
    }

    /// The value exists but cannot be given as the type asked for.
    /// Equals every error with the code `not-convertible`.
    public static let notConvertible = Self(.notConvertible, key: "", source: "", message: "")
    /// A key the loader was told is required has no value in any provider.
    /// Equals every error with the code `missing-required-value`.
    public static let missingRequiredValue = Self(.missingRequiredValue, key: "", source: "", message: "")
    /// A provider or reader failed while giving a value.
    /// Equals every error with the code `provider-failed`.
    public static let providerFailed = Self(.providerFailed, key: "", source: "", message: "")
}
