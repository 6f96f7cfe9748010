import PropertyFormats
import Testing

/// Comment text is skipped eight bytes at a time up to the next byte that matters (a line
/// break, a `*`, a NUL, a non-ASCII byte): what comes after a long comment keeps its line and
/// column, and a bad byte anywhere in one is reported where it is.
@Suite struct JSONCommentScanTests {
    private static func position(of text: String) throws -> SourcePosition {
        guard case .table(let table) = try JSONParser.parse(text).value, let node = table["k"] else {
            Issue.record("no member k")
            return .unknown
        }
        return node.position
    }

    @Test func valuesAfterLongCommentsKeepTheirPositions() throws {
        let padding = String(repeating: "comment text ", count: 5)
        #expect(try Self.position(of: "{ // \(padding)\n  \"k\": 1 }") == SourcePosition(line: 2, column: 8))
        #expect(try Self.position(of: "{ /* \(padding) */ \"k\": 1 }").line == 1)
        #expect(try Self.position(of: "{ /* \(padding) */ \"k\": 1 }").column == 80)
        // A block comment over three lines, with stars that do not end it.
        let block = "{ /* \(padding)\n ** \(padding) * \n \(padding)*/ \"k\": 1 }"
        #expect(try Self.position(of: block) == SourcePosition(line: 3, column: 75))
        // Non-ASCII text counts one column per scalar.
        #expect(try Self.position(of: "{ /* \(padding)é日本 */ \"k\": 1 }").column == 83)
        // A line comment that ends the input.
        #expect(try JSONParser.parse("{\"k\": 1} // \(padding)").value != .null)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 23])
    func aNULInACommentIsReportedWhereItIs(_ offset: Int) {
        let text = String(repeating: "x", count: offset) + "\u{0}" + String(repeating: "y", count: 20)
        for (open, close) in [("//", "\n"), ("/*", "*/")] {
            let error = #expect(throws: ParseError.self) { try JSONParser.parse("{ \(open)\(text)\(close) }") }
            #expect(error?.position == SourcePosition(line: 1, column: 5 + offset))
            #expect(error?.message == "unexpected NUL byte in comment")
        }
    }

    @Test(arguments: [0, 5, 8, 13])
    func invalidUTF8InACommentIsReportedWhereItIs(_ offset: Int) {
        var bytes = Array("{ /* ".utf8) + Array(repeating: UInt8(ascii: "z"), count: offset)
        bytes += [0xC3, 0x28] + Array(" more text */ }".utf8)
        let error = #expect(throws: ParseError.self) {
            try bytes.withUnsafeBytes { try JSONParser.parse($0) }
        }
        #expect(error?.code == .invalidEncoding)
        #expect(error?.position == SourcePosition(line: 1, column: 6 + offset))
    }

    @Test func anUnterminatedLongBlockCommentIsReportedAtItsStart() {
        let error = #expect(throws: ParseError.self) {
            try JSONParser.parse("{\n  /* " + String(repeating: "never closed * ", count: 10))
        }
        #expect(error?.position == SourcePosition(line: 2, column: 3))
        #expect(error?.message == "unterminated block comment")
    }
}
