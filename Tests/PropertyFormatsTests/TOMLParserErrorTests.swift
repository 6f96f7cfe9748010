import Foundation
import PropertyFormats
import Testing

@Suite struct TOMLParserErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var code: ParseError.Code
        var line: Int
        var column: Int
        var message: String? = nil
        var description: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "a 1", code: .syntax, line: 1, column: 3, message: "expected '=' after key, found text"),
        Case(text: "a.b 1", code: .syntax, line: 1, column: 5, message: "expected '=' after dotted key, found text"),
        Case(text: "a = ", code: .unexpectedEnd, line: 1, column: 5, message: "expected a value, found end of input"),
        Case(text: "a = 1 2", code: .syntax, line: 1, column: 7),
        Case(
            text: "a = \"\\q\"", code: .invalidEscape, line: 1, column: 6,
            message: #"invalid escape: expected one of \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX"#),
        Case(text: "a = \"\\uD800\"", code: .invalidEscape, line: 1, column: 6),
        Case(text: "a = \"\\U00110000\"", code: .invalidEscape, line: 1, column: 6),
        Case(text: "a = \"\\u12\"", code: .invalidEscape, line: 1, column: 6),
        Case(text: "a = \"open", code: .unexpectedEnd, line: 1, column: 5),
        Case(text: "a = \"\"\"open\n", code: .unexpectedEnd, line: 1, column: 5),
        Case(text: "a = \"x\ny\"", code: .syntax, line: 1, column: 7),
        Case(
            text: "big = 9223372036854775808", code: .invalidNumber, line: 1, column: 7,
            message: "integer out of range for 64-bit"),
        Case(text: "small = -9_223_372_036_854_775_809", code: .invalidNumber, line: 1, column: 9),
        Case(text: "h = 0x8000000000000000", code: .invalidNumber, line: 1, column: 5),
        Case(text: "n = 012", code: .invalidNumber, line: 1, column: 5),
        Case(text: "n = 1__2", code: .invalidNumber, line: 1, column: 5),
        Case(text: "n = _1", code: .syntax, line: 1, column: 5),
        Case(text: "n = +0x1", code: .invalidNumber, line: 1, column: 5),
        Case(text: "f = 1.", code: .invalidNumber, line: 1, column: 5),
        Case(text: "f = .5", code: .syntax, line: 1, column: 5),
        Case(text: "f = 1e400", code: .invalidNumber, line: 1, column: 5),
        Case(text: "d = 2023-02-30", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "d = 2023-02-29", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "d = 1900-02-29", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "d = 2023-13-01", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "t = 24:00:00", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "t = 23:60:00", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "t = 07:32:00Z", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "t = 07:32", code: .invalidDateTime, line: 1, column: 5),
        Case(text: "d = 1979-05-27T07:32:00+24:00", code: .invalidDateTime, line: 1, column: 5),
        Case(
            text: "[a]\nx = 1\n[a]", code: .redefinition, line: 3, column: 1,
            message: "table [a] already defined at line 1"),
        Case(text: "[a.b]\n[a]\n[a]", code: .redefinition, line: 3, column: 1),
        Case(
            text: "a = 1\na = 2", code: .duplicateKey, line: 2, column: 1,
            message: "key 'a' already defined at line 1"),
        Case(text: "a.b = 1\na.b = 2", code: .duplicateKey, line: 2, column: 3),
        Case(text: "a = { x = 1 }\na.y = 2", code: .redefinition, line: 2, column: 1),
        Case(text: "a = { x = 1 }\n[a]", code: .redefinition, line: 2, column: 1),
        Case(text: "a = { x = 1 }\n[a.b]", code: .redefinition, line: 2, column: 2),
        Case(text: "a = [1]\n[[a]]", code: .redefinition, line: 2, column: 1),
        Case(text: "[fruit]\napple.color = 1\n[fruit.apple]", code: .redefinition, line: 3, column: 1),
        Case(text: "[a.b.c]\nz = 1\n[a]\nb.c.t = 2", code: .redefinition, line: 4, column: 1),
        Case(text: "[[a]]\n[a]", code: .redefinition, line: 2, column: 1),
        Case(text: "[a]\n[[a]]", code: .redefinition, line: 2, column: 1),
        Case(text: "t = { a = 1, a = 2 }", code: .duplicateKey, line: 1, column: 14),
        Case(text: "[a]\nb = 1\n[a.b]", code: .redefinition, line: 3, column: 1),
        Case(text: "a = \"x\u{0}\"", code: .invalidCharacter, line: 1, column: 7),
        Case(text: "# comment \u{7F}", code: .invalidCharacter, line: 1, column: 11),
        Case(text: "a = 1\r b = 2", code: .invalidCharacter, line: 1, column: 6),
        Case(text: "[a\n]", code: .syntax, line: 1, column: 3),
        Case(text: "[[a]\n", code: .syntax, line: 1, column: 5),
        Case(text: "a = [1 2]", code: .syntax, line: 1, column: 8),
        Case(text: "a = {b = 1 c = 2}", code: .syntax, line: 1, column: 12),
        Case(text: "a = tru", code: .syntax, line: 1, column: 5),
        Case(text: "\"\"\"k\"\"\" = 1", code: .syntax, line: 1, column: 1),
    ]

    @Test(arguments: cases) func rejects(_ testCase: Case) throws {
        let error = try #require(TOMLTest.error(testCase.text))
        #expect(error.code == testCase.code, "\(error)")
        #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column), "\(error)")
        if let message = testCase.message { #expect(error.message == message) }
    }

    @Test func redefinitionNamesTheEarlierPosition() throws {
        let table = try #require(TOMLTest.error("[a]\nx = 1\n\n  [a]"))
        #expect(table.relatedPosition == SourcePosition(line: 1, column: 1))
        #expect(table.description == "4:3: table [a] already defined at line 1")
        let key = try #require(TOMLTest.error("x = 1\n  x = 2"))
        #expect(key.relatedPosition == SourcePosition(line: 1, column: 1))
        let dotted = try #require(TOMLTest.error("[fruit]\napple.color = 1\n[fruit.apple]"))
        #expect(dotted.relatedPosition == SourcePosition(line: 2, column: 1))
    }

    @Test func invalidUTF8() throws {
        let bytes: [UInt8] = Array("a = \"".utf8) + [0xFF] + Array("\"".utf8)
        #expect(throws: ParseError.self) { try TOMLParser.parse(Data(bytes)) }
        let error = try #require(dataError(bytes))
        #expect(error.code == .invalidEncoding)
        #expect(error.position == SourcePosition(line: 1, column: 6))
        let overlong = try #require(dataError([0x61, 0x3D, 0xC0, 0xAF]))
        #expect(overlong.code == .invalidEncoding)
        let surrogate = try #require(dataError([0x23, 0xED, 0xA0, 0x80]))
        #expect(surrogate.code == .invalidEncoding)
        let truncated = try #require(dataError([0x23, 0x0A, 0x23, 0xE2, 0x82]))
        #expect(truncated.position == SourcePosition(line: 2, column: 2))
        let utf16 = try #require(dataError([0xFF, 0xFE, 0x61, 0x00]))
        #expect(utf16.code == .invalidEncoding)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let arrays = try #require(TOMLTest.error("a = " + String(repeating: "[", count: 10_000)))
        #expect(arrays.code == .nestingTooDeep)
        let inline = try #require(TOMLTest.error("a = " + String(repeating: "{b=", count: 10_000)))
        #expect(inline.code == .nestingTooDeep)
        let header = (0..<10_000).map { "k\($0)" }.joined(separator: ".")
        #expect(TOMLTest.error("[\(header)]")?.code == .nestingTooDeep)
        #expect(TOMLTest.error("\(header) = 1")?.code == .nestingTooDeep)
        let shallow = TOMLParser.Options(limits: ParseLimits(maxDepth: 2))
        #expect(TOMLTest.error("a = [[1]]", options: shallow) == nil)
        #expect(TOMLTest.error("a = [[[1]]]", options: shallow)?.code == .nestingTooDeep)
        #expect(TOMLTest.error("a = [{ b = [1] }]", options: shallow)?.code == .nestingTooDeep)
        #expect(TOMLTest.error("[a.b]", options: shallow) == nil)
        #expect(TOMLTest.error("[a.b.c]", options: shallow)?.code == .nestingTooDeep)
    }

    @Test func limits() throws {
        let tiny = TOMLParser.Options(limits: ParseLimits(maxInputBytes: 4))
        #expect(TOMLTest.error("a = 1", options: tiny)?.code == .inputTooLarge)
        let fewKeys = TOMLParser.Options(limits: ParseLimits(maxKeys: 3))
        #expect(TOMLTest.error("a = 1\nb = 2\nc = 3", options: fewKeys) == nil)
        let tooMany = try #require(TOMLTest.error("a = 1\nb = 2\nc = 3\nd = 4", options: fewKeys))
        #expect(tooMany.code == .tooManyKeys)
        #expect(tooMany.position == SourcePosition(line: 4, column: 1))
        #expect(TOMLTest.error("a.b.c.d = 1", options: fewKeys)?.code == .tooManyKeys)
        let short = TOMLParser.Options(limits: ParseLimits(maxStringBytes: 5))
        #expect(TOMLTest.error("a = \"12345\"", options: short) == nil)
        #expect(TOMLTest.error("a = \"123456\"", options: short)?.code == .stringTooLong)
        #expect(TOMLTest.error("a = \"1234\\n5\"", options: short)?.code == .stringTooLong)
        #expect(TOMLTest.error("a = '123456'", options: short)?.code == .stringTooLong)
        #expect(TOMLTest.error("a = '''\n123456'''", options: short)?.code == .stringTooLong)
        #expect(TOMLTest.error("abcdef = 1", options: short)?.code == .stringTooLong)
        #expect(TOMLTest.error("\"abcdef\" = 1", options: short)?.code == .stringTooLong)
    }

    private func dataError(_ bytes: [UInt8]) -> ParseError? {
        do {
            _ = try TOMLParser.parse(Data(bytes))
            return nil
        } catch {
            return error
        }
    }
}
