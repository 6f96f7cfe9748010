import PropertyFormats
import Testing

// Strings with escapes copy their plain bytes in runs found a word at a time; an escape, a
// multi-byte character or a bad byte at any offset of a word must end the run exactly there.
@Suite struct JSONEscapedRunTests {
    private static let plain = "abcdefghijklmnopqrstuvwxyz0123456789ABCD"

    private static func string(_ json: String) throws -> String? {
        guard case .string(let text) = try JSONParser.parse(json).value else { return nil }
        return text
    }

    @Test(arguments: 0..<24)
    func anEscapeAtEveryOffsetReadsBack(offset: Int) throws {
        let prefix = String(Self.plain.prefix(offset))
        let suffix = String(Self.plain.dropFirst(offset))
        #expect(try Self.string(#""\#(prefix)\"\#(suffix)""#) == prefix + "\"" + suffix)
        #expect(try Self.string(#""\n\#(prefix)é\#(suffix)\t""#) == "\n" + prefix + "é" + suffix + "\t")
        #expect(try Self.string(#""\\\#(prefix)\u00e9\#(suffix)""#) == "\\" + prefix + "é" + suffix)
    }

    @Test(arguments: 0..<24)
    func aControlCharacterAfterAnEscapeIsReportedWhereItIs(offset: Int) throws {
        let prefix = String(Self.plain.prefix(offset))
        let error = #expect(throws: ParseError.self) {
            try JSONParser.parse("\"\\n\(prefix)\u{1}xyz\"")
        }
        #expect(error?.code == .invalidCharacter)
        #expect(error?.position == SourcePosition(line: 1, column: 4 + offset))
    }

    @Test func aLongEscapedStringIsRefusedAtItsLimit() throws {
        let limits = ParseLimits(maxStringBytes: 20)
        let options = JSONParser.Options(limits: limits)
        #expect(try JSONParser.parse(#"["\n123456789012345678x"]"#, options: options) != PropertyNode(.null))
        let error = #expect(throws: ParseError.self) {
            try JSONParser.parse(#"["\n1234567890123456789012345"]"#, options: options)
        }
        #expect(error?.code == .stringTooLong)
        #expect(error?.position == SourcePosition(line: 1, column: 2))
    }

    @Test func anUnterminatedEscapedStringIsReported() throws {
        let error = #expect(throws: ParseError.self) { try JSONParser.parse(#""\nabcdefghijklmnop"#) }
        #expect(error?.code == .unexpectedEnd)
    }
}
