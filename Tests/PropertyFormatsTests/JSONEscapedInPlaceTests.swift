import PropertyFormats
import Testing

// A string with escapes is unescaped straight into the new string's storage; one that is not
// well formed is read again by the path that names the problem. Both must give what the
// grammar says, at the positions an editor shows.
@Suite struct JSONEscapedInPlaceTests {
    private static func value(_ json: String, options: JSONParser.Options = .init()) throws -> PropertyValue {
        try JSONParser.parse(json, options: options).value
    }

    @Test func everyEscapeReadsBack() throws {
        let json = #""q\" s\\ l\/ b\b f\f n\n r\r t\t e\u00e9 E\u00C9 k\u212A g\uD83D\uDE00 é😀 end""#
        #expect(try Self.value(json) == .string("q\" s\\ l/ b\u{8} f\u{C} n\n r\r t\t eé EÉ k\u{212A} g😀 é😀 end"))
        // Long enough to need storage of its own, and short enough to be stored inline.
        #expect(try Self.value(#""\u0041""#) == .string("A"))
        #expect(try Self.value(#""\\""#) == .string("\\"))
        #expect(try Self.value(#""\uD83D\uDE00""#) == .string("😀"))
    }

    // Columns count characters: a multi-byte character in an escaped string is one column, so
    // the value after it is where an editor shows it.
    @Test func aValueAfterAnEscapedStringWithAccentsHasItsColumn() throws {
        let node = try JSONParser.parse(#"{"a": "é\n😀", "b": 1}"#)
        guard case .table(let table) = node.value else {
            Issue.record("not a table")
            return
        }
        #expect(table["a"]?.value == .string("é\n😀"))
        #expect(table["b"]?.position == SourcePosition(line: 1, column: 20))
    }

    @Test func anEscapedKeyIsTheSameKeyAsItsPlainSpelling() throws {
        let error = #expect(throws: ParseError.self) { try Self.value(#"{"ab": 1, "a\u0062": 2}"#) }
        #expect(error?.code == .duplicateKey)
        #expect(error?.position == SourcePosition(line: 1, column: 11))
        #expect(error?.relatedPosition == SourcePosition(line: 1, column: 2))
    }

    @Test(arguments: [
        (#"["ab\x"]"#, ParseError.Code.invalidEscape, 5),
        (#"["ab\uD800"]"#, .invalidEscape, 5),
        (#"["ab\uDC00\n"]"#, .invalidEscape, 5),
        (#"["ab\u12G4"]"#, .invalidEscape, 5),
        ("[\"ab\\n\u{1}\"]", .invalidCharacter, 7),
        (#"["ab\n"#, .unexpectedEnd, 2),
    ])
    func aStringThatIsNotWellFormedIsReportedWhereItIs(json: String, code: ParseError.Code, column: Int) {
        let error = #expect(throws: ParseError.self) { try Self.value(json) }
        #expect(error?.code == code)
        #expect(error?.position.column == column)
    }

    // The limit counts unescaped bytes: twelve bytes of surrogate pair are four.
    @Test func theLengthLimitCountsUnescapedBytes() throws {
        let options = JSONParser.Options(limits: ParseLimits(maxStringBytes: 8))
        #expect(try Self.value(#""\uD83D\uDE00\uD83D\uDE00""#, options: options) == .string("😀😀"))
        let error = #expect(throws: ParseError.self) {
            try Self.value(#""\uD83D\uDE00\uD83D\uDE00x""#, options: options)
        }
        #expect(error?.code == .stringTooLong)
        let long = #"""# + String(repeating: #"\n"#, count: 100) + #"""#
        #expect(throws: ParseError.self) { try Self.value(long, options: options) }
    }
}
