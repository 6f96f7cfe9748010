public import PropertyFormats

/// A property is missing or cannot be converted to the requested type.
///
/// The description names the key, the requested type, what is stored and where it came from,
/// and the call site:
/// `Sources/App/Setup.swift:42: property "api.timeout" is a string ("30") from config.json:3:14, not convertible to Int`.
/// A section decoded as a `Decodable` type names the failing field:
/// `property "database" cannot be decoded as App.Database: database.poolSize: expected Int, found string "25" (wrong-type.json:4:17)`.
/// Secret values (see <doc:Secrets>) read `***`, in ``detail`` as well.
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case (`missing-key`).
/// Two errors are equal when their codes are equal, whatever their key and message (compare
/// `description` for the text). Each code has a static error value, so a test matches a code with
/// `#expect(throws:)`, and a `catch` clause matches it even where other errors may be thrown:
///
/// ```swift
/// #expect(throws: PropertyError.typeMismatch) {
///     let _: Int = try container.requiredProperty("api.timeout")
/// }
///
/// do {
///     let _: Int = try container.requiredProperty("api.timeout")
/// } catch PropertyError.missingKey {
///     // only this code
/// }
/// ```
public struct PropertyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `missing-key`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code's spelling, such as `missing-key`.
        public var description: String { rawValue }

        /// No loader provided the key (or it was `null`).
        package static let missingKey = Code("missing-key")
        /// The stored value cannot be converted to the requested type.
        package static let typeMismatch = Code("type-mismatch")
        /// The resolver is not a Swinject `Container`, so it has no properties.
        package static let noPropertyStore = Code("no-property-store")
        /// The value, or a value of the section, holds a `${key}` placeholder that does not
        /// resolve; ``PropertyError/placeholderError`` says which, where and why.
        package static let unresolvedPlaceholder = Code("unresolved-placeholder")
    }

    /// The kind of failure.
    public var code: Code
    /// The requested key.
    public var key: String
    /// The requested type, as `String(reflecting:)` prints it.
    public var requestedType: String
    /// The stored value, when there is one.
    public var storedValue: PropertyValue?
    /// Where the stored value came from, when there is one.
    public var source: PropertySource?
    /// The `#fileID` of the call.
    public var fileID: String
    /// The `#line` of the call.
    public var line: Int
    /// For a `Decodable` section, the failing field, what was expected and found, and its source:
    /// `database.poolSize: expected Int, found string "25" (wrong-type.json:4:17)`.
    public var detail: String?
    /// Whether the key is secret, so that ``description`` shows its value as `***` (see
    /// <doc:Secrets>). Set from the container's rules when a read fails; the default rules
    /// otherwise.
    public var isSecret: Bool
    /// For ``unresolvedPlaceholder``, the placeholder's error: the property that holds it,
    /// its source and line:column, and why it does not resolve. A secret value's placeholder is
    /// given by its byte offset alone (see <doc:Placeholders>).
    public var placeholderError: PropertyLoaderError?
    /// The stored value as ``description`` shows it, masked by the container that failed the read.
    var shownValue: String?

    /// Creates an error.
    package init(
        _ code: Code, key: String, requestedType: String, storedValue: PropertyValue? = nil,
        source: PropertySource? = nil, fileID: String, line: Int, detail: String? = nil, isSecret: Bool? = nil
    ) {
        self.code = code
        self.key = key
        self.requestedType = requestedType
        self.storedValue = storedValue
        self.source = source
        self.fileID = fileID
        self.line = line
        self.detail = detail
        self.isSecret = isSecret ?? SecretKeys.isSecret(key)
    }

    /// The error of a read of `key`, at the call site `fileID`:`line`, whose value holds a
    /// placeholder that does not resolve; an empty `fileID` for a failure found by a check
    /// rather than a read.
    init(key: String, requestedType: String, placeholderError: PropertyLoaderError, fileID: String, line: Int) {
        self.init(.unresolvedPlaceholder, key: key, requestedType: requestedType, fileID: fileID, line: line)
        self.placeholderError = placeholderError
    }

    /// The call site, the key, the type and the stored value with its source; a secret value
    /// reads `***`.
    public var description: String { description(revealingSecrets: false) }

    /// The call site, the key, the type and the stored value with its source; a secret value
    /// is shown only when `revealingSecrets` is true.
    public func description(revealingSecrets: Bool) -> String {
        let site = fileID.isEmpty ? "" : "\(fileID):\(line): "
        switch code {
        case .unresolvedPlaceholder:
            let type = requestedType.isEmpty ? "" : " (\(requestedType))"
            let cause = placeholderError.map { ": \($0)" } ?? ""
            return site + "property \"\(key)\"\(type) does not resolve\(cause)"
        case .typeMismatch:
            if let detail {
                return site + "property \"\(key)\" cannot be decoded as \(requestedType): \(detail)"
            }
            let stored =
                storedValue.map { Self.withArticle($0.kindName) + " (\(shown($0, revealing: revealingSecrets)))" }
                ?? "a value"
            let origin = source.map { " from \($0)" } ?? ""
            return site + "property \"\(key)\" is \(stored)\(origin), not convertible to \(requestedType)"
        case .noPropertyStore:
            return site + "property \"\(key)\" requested from a resolver that is not a Swinject Container"
        default:
            if let source, storedValue != nil {
                return site + "property \"\(key)\" (\(requestedType)) is null in \(source)"
            }
            return site + "property \"\(key)\" (\(requestedType)) is not set by any property loader"
        }
    }

    /// `value` as the description shows it: itself when `revealing`, else masked.
    func shown(_ value: PropertyValue, revealing: Bool) -> String {
        if revealing { return value.displayText }
        if isSecret { return "***" }
        return shownValue ?? SecretKeys.displayText(value, key: key)
    }

    /// `a string`, `an integer`.
    private static func withArticle(_ noun: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        return (noun.first.map(vowels.contains) ?? false ? "an " : "a ") + noun
    }

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: PropertyError, rhs: PropertyError) -> Bool { lhs.code == rhs.code }

    /// No loader provided the key (or it was `null`).
    /// Equals every error with the code `missing-key`.
    public static let missingKey = PropertyError(.missingKey, key: "", requestedType: "", fileID: "", line: 0)
    /// The stored value cannot be converted to the requested type.
    /// Equals every error with the code `type-mismatch`.
    public static let typeMismatch = PropertyError(.typeMismatch, key: "", requestedType: "", fileID: "", line: 0)
    /// The resolver is not a Swinject `Container`, so it has no properties.
    /// Equals every error with the code `no-property-store`.
    public static let noPropertyStore = PropertyError(
        .noPropertyStore, key: "", requestedType: "", fileID: "", line: 0)
    /// The value, or a value of the section, holds a `${key}` placeholder that does not
    /// resolve; ``PropertyError/placeholderError`` says which, where and why.
    /// Equals every error with the code `unresolved-placeholder`.
    public static let unresolvedPlaceholder = PropertyError(
        .unresolvedPlaceholder, key: "", requestedType: "", fileID: "", line: 0)

    /// Whether `error` is a property error with the code of `pattern`, so that
    /// `catch PropertyError.missingKey` compiles beside other `catch` clauses.
    public static func ~= (pattern: PropertyError, error: any Error) -> Bool {
        (error as? PropertyError)?.code == pattern.code
    }
}
