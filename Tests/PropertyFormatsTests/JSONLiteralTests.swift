import PropertyFormats
import Testing

/// `true`, `false` and `null` are compared a word at a time: every byte of the word counts, and
/// a word cut short by the end of the input is an error at the literal.
@Suite struct JSONLiteralTests {
    @Test(arguments: ["[fals]", "[falsy]", "[fAlse]", "[f]", "fals", "[truE]", "tru", "t", "[nulL]", "nul", "[nil]"])
    func aMisspelledLiteralIsAnErrorAtItsFirstLetter(_ text: String) {
        let error = #expect(throws: ParseError.self) { try JSONParser.parse(text) }
        let column = text.hasPrefix("[") ? 2 : 1
        #expect(error?.position == SourcePosition(line: 1, column: column))
        #expect(error?.message.hasPrefix("invalid literal; expected '") == true)
    }

    @Test func literalsAtTheEndOfTheInputAndBetweenOthersAreRead() throws {
        #expect(try JSONParser.parse("true").value == .bool(true))
        #expect(try JSONParser.parse("false").value == .bool(false))
        #expect(try JSONParser.parse("null").value == .null)
        let array = try JSONParser.parse("[true,false,null,false]")
        #expect(array.value == .array([.bool(true), .bool(false), .null, .bool(false)].map { PropertyNode($0) }))
    }

    @Test func aLiteralFollowedByLettersIsNotALiteral() {
        let error = #expect(throws: ParseError.self) { try JSONParser.parse("[truest]") }
        #expect(error?.position == SourcePosition(line: 1, column: 6))
    }
}
