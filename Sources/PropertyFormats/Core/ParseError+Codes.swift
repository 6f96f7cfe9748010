extension ParseError {
    /// The text does not follow the format's grammar.
    /// Equals every error with the code `syntax`.
    public static let syntax = ParseError(.syntax, "", at: .unknown)
    /// The bytes are not valid UTF-8 (or are UTF-16/UTF-32, which the formats do not allow).
    /// Equals every error with the code `invalid-encoding`.
    public static let invalidEncoding = ParseError(.invalidEncoding, "", at: .unknown)
    /// A NUL or other control character appears where the format does not allow it.
    /// Equals every error with the code `invalid-character`.
    public static let invalidCharacter = ParseError(.invalidCharacter, "", at: .unknown)
    /// A backslash escape that the format does not define, or an invalid Unicode escape.
    /// Equals every error with the code `invalid-escape`.
    public static let invalidEscape = ParseError(.invalidEscape, "", at: .unknown)
    /// A number that is malformed or does not fit its type.
    /// Equals every error with the code `invalid-number`.
    public static let invalidNumber = ParseError(.invalidNumber, "", at: .unknown)
    /// A date or time that is malformed or names a day or time that does not exist.
    /// Equals every error with the code `invalid-date-time`.
    public static let invalidDateTime = ParseError(.invalidDateTime, "", at: .unknown)
    /// The same key is defined twice.
    /// Equals every error with the code `duplicate-key`.
    public static let duplicateKey = ParseError(.duplicateKey, "", at: .unknown)
    /// A table or key is redefined or extended in a way the format forbids.
    /// Equals every error with the code `redefinition`.
    public static let redefinition = ParseError(.redefinition, "", at: .unknown)
    /// Arrays or tables are nested deeper than ``ParseLimits/maxDepth``.
    /// Equals every error with the code `nesting-too-deep`.
    public static let nestingTooDeep = ParseError(.nestingTooDeep, "", at: .unknown)
    /// The input is larger than ``ParseLimits/maxInputBytes``.
    /// Equals every error with the code `input-too-large`.
    public static let inputTooLarge = ParseError(.inputTooLarge, "", at: .unknown)
    /// More keys than ``ParseLimits/maxKeys``.
    /// Equals every error with the code `too-many-keys`.
    public static let tooManyKeys = ParseError(.tooManyKeys, "", at: .unknown)
    /// A string longer than ``ParseLimits/maxStringBytes``.
    /// Equals every error with the code `string-too-long`.
    public static let stringTooLong = ParseError(.stringTooLong, "", at: .unknown)
    /// More values than ``ParseLimits/maxNodesPerInputByte`` allows for the input's size.
    /// Equals every error with the code `too-many-values`.
    public static let tooManyValues = ParseError(.tooManyValues, "", at: .unknown)
    /// The text ends before the value is complete.
    /// Equals every error with the code `unexpected-end`.
    public static let unexpectedEnd = ParseError(.unexpectedEnd, "", at: .unknown)
}
