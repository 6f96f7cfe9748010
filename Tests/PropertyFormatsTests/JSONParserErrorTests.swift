import Foundation
import PropertyFormats
import Testing

/// One input that must be rejected, with the error it must produce.
struct JSONErrorCase: Sendable, CustomTestStringConvertible {
    var input: [UInt8]
    var code: ParseError.Code
    var message: String
    var line: Int
    var column: Int
    var options = JSONParser.Options()

    init(
        _ input: String, _ code: ParseError.Code, _ message: String, _ line: Int, _ column: Int,
        options: JSONParser.Options = .init()
    ) {
        self.init(bytes: Array(input.utf8), code, message, line, column, options: options)
    }

    init(
        bytes: [UInt8], _ code: ParseError.Code, _ message: String, _ line: Int, _ column: Int,
        options: JSONParser.Options = .init()
    ) {
        self.input = bytes
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.options = options
    }

    var testDescription: String { message }
}

/// Errors, limits and encodings.
@Suite struct JSONParserErrorTests {
    static func error(_ bytes: [UInt8], _ options: JSONParser.Options = .init()) -> ParseError? {
        do {
            _ = try JSONParser.parse(Data(bytes), options: options)
            return nil
        } catch {
            return error
        }
    }

    static let syntaxCases: [JSONErrorCase] = [
        .init(#"{"a": 1 "b": 2}"#, .syntax, "expected ',' or '}' after object member", 1, 9),
        .init(#"{"a" 1}"#, .syntax, "expected ':' after object key", 1, 6),
        .init(#"{"a": "b"#, .unexpectedEnd, "unterminated string", 1, 7),
        .init("[1] /* never closed\n", .unexpectedEnd, "unterminated block comment", 1, 5),
        .init(#"["\q"]"#, .invalidEscape, #"invalid escape: expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#, 1, 3),
        .init(#"["é\é"]"#, .invalidEscape, #"invalid escape: expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#, 1, 4),
        .init("[1, 2,]", .syntax, "trailing comma not allowed", 1, 6),
        .init("{\"a\": 1,\n}", .syntax, "trailing comma not allowed", 1, 8),
        .init("[1, 2", .unexpectedEnd, "unexpected end of input", 1, 6),
        .init("{\"a\":\n", .unexpectedEnd, "unexpected end of input", 2, 1),
        .init("", .unexpectedEnd, "unexpected end of input", 1, 1),
        .init("  // only a comment\n", .unexpectedEnd, "unexpected end of input", 2, 1),
        .init(#"{"a": 1} x"#, .syntax, "unexpected content after the top-level value", 1, 10),
        .init("1 2", .syntax, "unexpected content after the top-level value", 1, 3),
        .init("[1 2]", .syntax, "expected ',' or ']' after array element", 1, 4),
        .init("[1,,2]", .syntax, "expected a value, found ','", 1, 4),
        .init(#"{"😀": "é", "k": ?}"#, .syntax, "expected a value, found unquoted text", 1, 17),
        .init("['a']", .syntax, #"single-quoted strings are not allowed; use '"'"#, 1, 2),
        .init("{'a': 1}", .syntax, #"single-quoted keys are not allowed; use '"'"#, 1, 2),
        .init(#"{"a": 1, 2}"#, .syntax, "expected a string key after ','", 1, 10),
        .init("{1: 2}", .syntax, "expected a string key or '}'", 1, 2),
        .init("[tru]", .syntax, "invalid literal; expected 'true'", 1, 2),
        .init("[nul", .syntax, "invalid literal; expected 'null'", 1, 2),
        .init("# not a comment\n{}", .syntax, "'#' comments are not allowed; use '//'", 1, 1),
        .init("/ 1", .syntax, "unexpected character '/'", 1, 1),
        .init("{} /", .syntax, "unexpected character '/'", 1, 4),
        .init("// c\n{}", .syntax, "comments are not allowed", 1, 1, options: .init(allowsComments: false)),
        .init("{} /**/", .syntax, "comments are not allowed", 1, 4, options: .init(allowsComments: false)),
    ]

    static let numberCases: [JSONErrorCase] = [
        .init("[NaN]", .invalidNumber, "NaN and Infinity are not allowed in JSON", 1, 2),
        .init("[Infinity]", .invalidNumber, "NaN and Infinity are not allowed in JSON", 1, 2),
        .init("[-Infinity]", .invalidNumber, "NaN and Infinity are not allowed in JSON", 1, 2),
        .init("[01]", .invalidNumber, "leading zeros are not allowed", 1, 2),
        .init("[-012]", .invalidNumber, "leading zeros are not allowed", 1, 2),
        .init("[+1]", .invalidNumber, "a number cannot start with '+'", 1, 2),
        .init("[.5]", .invalidNumber, "a number cannot start with '.'", 1, 2),
        .init("[1.]", .invalidNumber, "expected a digit after '.'", 1, 4),
        .init("[1.e5]", .invalidNumber, "expected a digit after '.'", 1, 4),
        .init("[1e]", .invalidNumber, "expected a digit in the exponent", 1, 4),
        .init("[1e+]", .invalidNumber, "expected a digit in the exponent", 1, 5),
        .init("[-]", .invalidNumber, "expected a digit after '-'", 1, 3),
        .init("[- 1]", .invalidNumber, "expected a digit after '-'", 1, 3),
        .init("-", .unexpectedEnd, "unexpected end of input", 1, 2),
        .init("[0x10]", .syntax, "expected ',' or ']' after array element", 1, 3),
    ]

    static let stringCases: [JSONErrorCase] = [
        .init("[\"a\u{1}\"]", .invalidCharacter, "control character in string; escape it", 1, 4),
        .init("[\"a\tb\"]", .invalidCharacter, "control character in string; escape it", 1, 4),
        .init("{\"a\n\": 1}", .invalidCharacter, "control character in string; escape it", 1, 4),
        .init("[\"é\\n\u{1F}\"]", .invalidCharacter, "control character in string; escape it", 1, 6),
        .init("[\"a\0\"]", .invalidCharacter, "control character in string; escape it", 1, 4),
        .init("[1, \0]", .syntax, "unexpected NUL byte", 1, 5),
        .init("[1]\0", .syntax, "unexpected NUL byte", 1, 4),
        .init("[1] // \0\n", .syntax, "unexpected NUL byte in comment", 1, 8),
        .init(
            #"["\uD800"]"#, .invalidEscape, "invalid escape: a UTF-16 surrogate must be part of a pair", 1, 3
        ),
        .init(
            #"["x\uDC00\u0041"]"#, .invalidEscape,
            "invalid escape: a UTF-16 surrogate must be part of a pair", 1, 4
        ),
        .init(
            #"["\uD83D\u0041"]"#, .invalidEscape,
            "invalid escape: a UTF-16 surrogate must be part of a pair", 1, 3
        ),
        .init(#"["\u12G4"]"#, .invalidEscape, #"invalid escape: '\u' must be followed by four hex digits"#, 1, 3),
        .init(#"["\u12"#, .unexpectedEnd, "unterminated string", 1, 3),
        .init(#"["abc\"#, .unexpectedEnd, "unterminated string", 1, 6),
    ]

    static let encodingCases: [JSONErrorCase] = [
        .init(
            bytes: Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8), .invalidEncoding, "invalid UTF-8 sequence", 1, 4),
        .init(
            bytes: Array(#"["é"#.utf8) + [0xC0, 0xAF, 0x22, 0x5D], .invalidEncoding, "invalid UTF-8 sequence", 1, 4),
        .init(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(bytes: [0x22, 0xE2, 0x82, 0x22], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(bytes: [0x22, 0xF0, 0x9F, 0x98], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(bytes: [0x22, 0x80, 0x22], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(
            bytes: Array("// é ".utf8) + [0xFE] + Array("\n1".utf8), .invalidEncoding, "invalid UTF-8 sequence", 1, 6),
        .init(
            bytes: Array("/* é\n ".utf8) + [0xC3] + Array(" */1".utf8), .invalidEncoding, "invalid UTF-8 sequence", 2,
            2),
        .init(bytes: [0x5B, 0xC3, 0x5D], .invalidEncoding, "invalid UTF-8 sequence", 1, 2),
        .init(
            bytes: Array("[1]".utf8) + [0xE2, 0x80, 0x83], .syntax, "unexpected content after the top-level value", 1, 4
        ),
        .init("[é]", .syntax, "expected a value, found unquoted text", 1, 2),
        .init(bytes: [0xEF, 0xBB, 0xBF], .unexpectedEnd, "unexpected end of input", 1, 1),
        .init(
            bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], .syntax, "expected a value, found a byte order mark", 1,
            1),
    ]

    @Test(arguments: syntaxCases + numberCases + stringCases + encodingCases)
    func rejects(_ testCase: JSONErrorCase) throws {
        let error = try #require(Self.error(testCase.input, testCase.options))
        #expect(error.code == testCase.code)
        #expect(error.message == testCase.message)
        #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column))
    }

    @Test func descriptionLeadsWithThePosition() throws {
        let error = try #require(Self.error(Array("{\n  \"a\": 1\n  \"b\": 2\n}".utf8)))
        #expect(error.description == "3:3: expected ',' or '}' after object member")
    }

    @Test func duplicateKeysAreRejectedByDefault() throws {
        let error = try #require(Self.error(Array("{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}".utf8)))
        #expect(error.code == .duplicateKey)
        #expect(error.message == #"duplicate key "a" (first defined at line 2)"#)
        #expect(error.position == SourcePosition(line: 4, column: 3))
        #expect(error.relatedPosition == SourcePosition(line: 2, column: 3))
    }

    @Test func duplicateKeyMessagesQuoteAndShortenTheKey() throws {
        let escaped = try #require(Self.error(Array(#"{"a\n\"\u0001": 1, "a\n\"\u0001": 2}"#.utf8)))
        #expect(escaped.message == #"duplicate key "a\n\"\u0001" (first defined at line 1)"#)
        let long = String(repeating: "k", count: 100)
        let shortened = try #require(Self.error(Array("{\"\(long)\": 1, \"\(long)\": 2}".utf8)))
        #expect(
            shortened.message == "duplicate key \"\(String(repeating: "k", count: 60))…\" (first defined at line 1)")
    }

    @Test(arguments: [
        ("UTF-16LE with BOM", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00] as [UInt8]),
        ("UTF-16BE with BOM", [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D]),
        ("UTF-16LE", [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
        ("UTF-16BE", [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
        ("UTF-32LE", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
        ("UTF-32BE with BOM", [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B]),
    ])
    func wideEncodingsAreNamed(name: String, bytes: [UInt8]) throws {
        let error = try #require(Self.error(bytes))
        #expect(error.code == .invalidEncoding)
        #expect(error.message.contains(name.hasPrefix("UTF-16") ? "UTF-16" : "UTF-32"))
        #expect(error.message.contains("not UTF-8"))
        #expect(error.position == SourcePosition(line: 1, column: 1))
    }

    @Test func realUTF16TextIsRejected() throws {
        let data = try #require(#"{"a": "é"}"#.data(using: .utf16))
        let error = try #require(Self.error(Array(data)))
        #expect(error.code == .invalidEncoding)
        #expect(error.message.contains("UTF-16"))
    }

    @Test func hundredThousandOpenBracketsAreTooDeep() throws {
        let error = try #require(Self.error(Array(repeating: 0x5B, count: 100_000)))
        #expect(error.code == .nestingTooDeep)
        #expect(error.message == "arrays and objects are nested deeper than the limit of 128 levels")
        #expect(error.position == SourcePosition(line: 1, column: 129))
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(Self.error(Array(objects.utf8))?.code == .nestingTooDeep)
    }

    @Test func limitsAreEnforced() throws {
        let depth = try #require(Self.error(Array("[[[1]]]".utf8), .init(limits: .init(maxDepth: 2))))
        #expect(depth.code == .nestingTooDeep)
        #expect(depth.message == "arrays and objects are nested deeper than the limit of 2 levels")
        #expect(depth.position == SourcePosition(line: 1, column: 3))
        #expect(Self.error(Array("[[[1]]]".utf8), .init(limits: .init(maxDepth: 3))) == nil)
        #expect(Self.error(Array("[[{}]]".utf8), .init(limits: .init(maxDepth: 2)))?.code == .nestingTooDeep)

        let size = try #require(
            Self.error(Array(#"{"a": "0123456789"}"#.utf8), .init(limits: .init(maxInputBytes: 10))))
        #expect(size.code == .inputTooLarge)
        #expect(size.message == "input is 19 bytes, more than the limit of 10 bytes")
        #expect(size.position == SourcePosition(line: 1, column: 1))
        #expect(Self.error(Array("[1]".utf8), .init(limits: .init(maxInputBytes: 3))) == nil)

        let keys = try #require(Self.error(Array(#"{"a":1,"b":{"c":2}}"#.utf8), .init(limits: .init(maxKeys: 2))))
        #expect(keys.code == .tooManyKeys)
        #expect(keys.message == "more keys than the limit of 2")
        #expect(keys.position == SourcePosition(line: 1, column: 13))
        #expect(Self.error(Array(#"{"a":1,"b":{}}"#.utf8), .init(limits: .init(maxKeys: 2))) == nil)

        let strings = JSONParser.Options(limits: .init(maxStringBytes: 3))
        #expect(Self.error(Array(#"["abc", "a\nb", "é1"]"#.utf8), strings) == nil)
        for (text, column) in [
            (#"["abc", "abcd"]"#, 9), (#"["ab\n", "a\nbc"]"#, 10), (#"{"abcd": 1}"#, 2), (#"["éé"]"#, 2),
        ] {
            let error = try #require(Self.error(Array(text.utf8), strings), "\(text)")
            #expect(error.code == .stringTooLong)
            #expect(error.message == "string is longer than the limit of 3 bytes")
            #expect(error.position == SourcePosition(line: 1, column: column))
        }
    }

    @Test func randomMutationsNeverTrap() {
        let seed = Array(
            #"{"a": [1, -2.5e3, true, null, "x\u00e9\n😀"], /* c */ "b": {"c": 12345678901234567890}} // é"#.utf8
        )
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [
            0x00, 0x22, 0x5C, 0x2F, 0x2A, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x0A, 0xC3, 0xF0, 0x80,
        ]
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let offset = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[offset] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: offset)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: offset)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            _ = Self.error(bytes)
            for cut in stride(from: 0, to: bytes.count, by: 17) { _ = Self.error(Array(bytes[..<cut])) }
        }
    }
}
