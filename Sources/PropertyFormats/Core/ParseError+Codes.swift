extension ParseError {
    /// A value that equals every error with code ``Code-swift.struct/syntax``.
    public static let syntax = ParseError(.syntax, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/invalidEncoding``.
    public static let invalidEncoding = ParseError(.invalidEncoding, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/invalidCharacter``.
    public static let invalidCharacter = ParseError(.invalidCharacter, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/invalidEscape``.
    public static let invalidEscape = ParseError(.invalidEscape, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/invalidNumber``.
    public static let invalidNumber = ParseError(.invalidNumber, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/invalidDateTime``.
    public static let invalidDateTime = ParseError(.invalidDateTime, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/duplicateKey``.
    public static let duplicateKey = ParseError(.duplicateKey, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/redefinition``.
    public static let redefinition = ParseError(.redefinition, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/nestingTooDeep``.
    public static let nestingTooDeep = ParseError(.nestingTooDeep, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/inputTooLarge``.
    public static let inputTooLarge = ParseError(.inputTooLarge, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/tooManyKeys``.
    public static let tooManyKeys = ParseError(.tooManyKeys, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/stringTooLong``.
    public static let stringTooLong = ParseError(.stringTooLong, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/tooManyValues``.
    public static let tooManyValues = ParseError(.tooManyValues, "", at: .unknown)
    /// A value that equals every error with code ``Code-swift.struct/unexpectedEnd``.
    public static let unexpectedEnd = ParseError(.unexpectedEnd, "", at: .unknown)
}
