/// Every property a container's registrations need and cannot get, found by
/// ``Swinject/Container/checkProperties(resolvingRegistrations:)``.
///
/// The description lists one problem per line, each with its call site or declaration, key,
/// type, stored value and source:
///
/// ```text
/// 3 properties cannot be read as the registrations need them:
///   App/Setup.swift:12: property "database.port" is a string ("5432") from config.json:3:11, not convertible to Swift.Int
///   App/Setup.swift:13: property "database.host" (Swift.String) is not set by any property loader
///   App/Setup.swift:20: property "cache" cannot be decoded as App.CacheConfig: cache.ttl: expected Int, found string "1m" (config.json:9:12)
/// ```
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case
/// (`unreadable-properties`). Two errors are equal when their codes are equal, whatever their
/// failures (compare `description` for the text). Each code has a static error value, so a test
/// matches a code with `#expect(throws:)`, and a `catch` clause matches it even where other errors
/// may be thrown:
///
/// ```swift
/// #expect(throws: PropertyCheckError.unreadableProperties) {
///     try container.checkProperties()
/// }
///
/// do {
///     try container.checkProperties()
/// } catch PropertyCheckError.unreadableProperties {
///     // only this code
/// }
/// ```
public struct PropertyCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `unreadable-properties`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code's spelling, such as `unreadable-properties`.
        public var description: String { rawValue }

        /// At least one needed property is missing or cannot be converted.
        package static let unreadableProperties = Code("unreadable-properties")
    }

    /// The kind of failure.
    public var code: Code
    /// Each property read that failed, in the order found: declared properties first, then
    /// reads made before the check, then reads made by the dry run, then every `${key}`
    /// placeholder that does not resolve and that no read reported (without a call site).
    public var failures: [PropertyError]

    /// Creates an error.
    package init(_ code: Code = .unreadableProperties, failures: [PropertyError]) {
        self.code = code
        self.failures = failures
    }

    /// A count line, then one line per failure.
    public var description: String {
        let count = failures.count == 1 ? "1 property cannot" : "\(failures.count) properties cannot"
        return ([count + " be read as the registrations need them:"] + failures.map { "  \($0)" })
            .joined(separator: "\n")
    }

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: PropertyCheckError, rhs: PropertyCheckError) -> Bool { lhs.code == rhs.code }

    /// At least one needed property is missing or cannot be converted.
    /// Equals every error with the code `unreadable-properties`.
    public static let unreadableProperties = PropertyCheckError(.unreadableProperties, failures: [])

    /// Whether `error` is a check error with the code of `pattern`, so that
    /// `catch PropertyCheckError.unreadableProperties` compiles beside other `catch` clauses.
    public static func ~= (pattern: PropertyCheckError, error: any Error) -> Bool {
        (error as? PropertyCheckError)?.code == pattern.code
    }
}
