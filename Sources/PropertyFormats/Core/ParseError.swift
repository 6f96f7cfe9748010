/// An error found while reading a configuration text, with the position it was found at.
///
/// `description` reads `12:7: expected ',' or '}' after object member`; loaders put the file
/// name in front. The kind of problem is the ``code-swift.property``, spelled in kebab-case
/// (`duplicate-key`).
///
/// Two errors are equal when their codes are equal, whatever their message and position (compare
/// `description` for the text). Each code has a static error value, so a test matches a code with
/// `#expect(throws:)`, and a `catch` clause matches it even where other errors may be thrown:
///
/// ```swift
/// #expect(throws: ParseError.duplicateKey) {
///     try TOMLParser.parse("port = 1\nport = 2\n")
/// }
///
/// do {
///     _ = try JSONParser.parse(text)
/// } catch ParseError.nestingTooDeep {
///     // only this code
/// }
/// ```
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem was found.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `syntax` or `duplicate-key`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code's spelling, such as `duplicate-key`.
        public var description: String { rawValue }

        /// The text does not follow the format's grammar.
        package static let syntax = Code("syntax")
        /// The bytes are not valid UTF-8 (or are UTF-16/UTF-32, which the formats do not allow).
        package static let invalidEncoding = Code("invalid-encoding")
        /// A NUL or other control character appears where the format does not allow it.
        package static let invalidCharacter = Code("invalid-character")
        /// A backslash escape that the format does not define, or an invalid Unicode escape.
        package static let invalidEscape = Code("invalid-escape")
        /// A number that is malformed or does not fit its type.
        package static let invalidNumber = Code("invalid-number")
        /// A date or time that is malformed or names a day or time that does not exist.
        package static let invalidDateTime = Code("invalid-date-time")
        /// The same key is defined twice.
        package static let duplicateKey = Code("duplicate-key")
        /// A table or key is redefined or extended in a way the format forbids.
        package static let redefinition = Code("redefinition")
        /// Arrays or tables are nested deeper than ``ParseLimits/maxDepth``.
        package static let nestingTooDeep = Code("nesting-too-deep")
        /// The input is larger than ``ParseLimits/maxInputBytes``.
        package static let inputTooLarge = Code("input-too-large")
        /// More keys than ``ParseLimits/maxKeys``.
        package static let tooManyKeys = Code("too-many-keys")
        /// A string longer than ``ParseLimits/maxStringBytes``.
        package static let stringTooLong = Code("string-too-long")
        /// More values than ``ParseLimits/maxNodesPerInputByte`` allows for the input's size.
        package static let tooManyValues = Code("too-many-values")
        /// The text ends before the value is complete.
        package static let unexpectedEnd = Code("unexpected-end")
    }

    /// What kind of problem was found.
    public var code: Code
    /// A human-readable explanation, without the position.
    public var message: String
    /// Where the problem was found.
    public var position: SourcePosition
    /// A second position that explains the error, such as the first definition of a duplicate key.
    public var relatedPosition: SourcePosition?

    /// Creates an error.
    package init(_ code: Code, _ message: String, at position: SourcePosition, related: SourcePosition? = nil) {
        self.code = code
        self.message = message
        self.position = position
        self.relatedPosition = related
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: ParseError, rhs: ParseError) -> Bool { lhs.code == rhs.code }

    /// Whether `error` is a parse error with the code of `pattern`, so that
    /// `catch ParseError.syntax` compiles beside other `catch` clauses.
    public static func ~= (pattern: ParseError, error: any Error) -> Bool {
        (error as? ParseError)?.code == pattern.code
    }
}
