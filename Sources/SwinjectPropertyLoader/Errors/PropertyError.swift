public import PropertyFormats

/// A required property is missing or cannot be converted to the requested type.
///
/// The description names the key, the requested type, what is stored and where it came from,
/// and the call site:
/// `Sources/App/Setup.swift:42: property "api.timeout" is a string ("30") from config.json:3:14, not convertible to Int`
public struct PropertyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier such as `missing-key`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No loader provided the key (or it was `null`).
        public static let missingKey = Code("missing-key")
        /// The stored value cannot be converted to the requested type.
        public static let typeMismatch = Code("type-mismatch")
        /// The resolver is not a Swinject `Container`, so it has no properties.
        public static let noPropertyStore = Code("no-property-store")
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

    /// Creates an error.
    public init(
        _ code: Code, key: String, requestedType: String, storedValue: PropertyValue? = nil,
        source: PropertySource? = nil, fileID: String, line: Int
    ) {
        self.code = code
        self.key = key
        self.requestedType = requestedType
        self.storedValue = storedValue
        self.source = source
        self.fileID = fileID
        self.line = line
    }

    /// The call site, the key, the type and the stored value with its source.
    public var description: String {
        let site = "\(fileID):\(line): "
        switch code {
        case .typeMismatch:
            let stored = storedValue.map { "\($0.kindName) (\($0.displayText))" } ?? "value"
            let origin = source.map { " from \($0)" } ?? ""
            return site + "property \"\(key)\" is a \(stored)\(origin), not convertible to \(requestedType)"
        case .noPropertyStore:
            return site + "property \"\(key)\" requested from a resolver that is not a Swinject Container"
        default:
            if let source, storedValue != nil {
                return site + "property \"\(key)\" (\(requestedType)) is null in \(source)"
            }
            return site + "property \"\(key)\" (\(requestedType)) is not set by any property loader"
        }
    }

    /// Errors compare equal when their codes are equal.
    public static func == (lhs: PropertyError, rhs: PropertyError) -> Bool { lhs.code == rhs.code }

    /// A value that equals every error with code ``Code/missingKey``.
    public static let missingKey = PropertyError(.missingKey, key: "", requestedType: "", fileID: "", line: 0)
    /// A value that equals every error with code ``Code/typeMismatch``.
    public static let typeMismatch = PropertyError(.typeMismatch, key: "", requestedType: "", fileID: "", line: 0)
}
