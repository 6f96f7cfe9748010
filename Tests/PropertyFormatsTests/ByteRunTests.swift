import Foundation
import PropertyFormats
import Testing

/// The parsers skip runs of plain bytes eight at a time (TOML's input check, JSON strings); a
/// byte that needs attention must stop the run wherever it sits in a word.
@Suite struct ByteRunTests {
    private static func tomlError(_ text: String) -> ParseError? {
        do {
            _ = try TOMLParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    private static func jsonError(_ text: String, _ options: JSONParser.Options = .init()) -> ParseError? {
        do {
            _ = try JSONParser.parse(Data(text.utf8), options: options)
            return nil
        } catch {
            return error
        }
    }

    /// A control character right after a line feed or a tab, at every offset of an eight-byte
    /// word, is found at its line and column.
    @Test(arguments: 0..<8)
    func tomlControlCharacterAfterLineFeedOrTab(padding: Int) throws {
        let lead = "a = 1" + String(repeating: " ", count: padding)
        for (control, name) in [("\u{0B}", "U+000B"), ("\u{01}", "U+0001"), ("\u{7F}", "DEL"), ("\u{00}", "NUL")] {
            for text in [lead + "\n" + control + "b = 2\n", lead + "\n\t" + control + "b = 2\n"] {
                let error = try #require(Self.tomlError(text), "\(name) after \(padding)")
                #expect(error.code == .invalidCharacter)
                #expect(error.message == "control character is not allowed")
                #expect(error.position.line == 2)
                #expect(error.position.column == (text.contains("\n\t") ? 2 : 1))
            }
        }
        // Tabs and line feeds in every position of a word are fine.
        let fine = lead + "\n\tb = \"x\ty\"\n\n\tc = 3\n"
        #expect(Self.tomlError(fine) == nil)
        #expect(try TOMLParser.parse(fine)["b"]?.value == .string("x\ty"))
    }

    /// JSON strings with escapes keep the text between them, stop at a control character at its
    /// column, and count every byte against the length limit.
    @Test(arguments: [1, 7, 8, 9, 20])
    func jsonEscapedStringRuns(run: Int) throws {
        let text = String(repeating: "r", count: run)
        let parsed = try JSONParser.parse(Data(#"["\#(text)\n\#(text)\u00e9\#(text)é\#(text)\"\#(text)"]"#.utf8))
        let expected = "\(text)\n\(text)é\(text)é\(text)\"\(text)"
        #expect(parsed.value == .array([PropertyNode(.string(expected))]))

        let control = try #require(Self.jsonError("[\"\\n\(text)\u{01}\"]"))
        #expect(control.code == .invalidCharacter)
        #expect(control.message == "control character in string; escape it")
        #expect(control.position == SourcePosition(line: 1, column: 5 + run))

        let limits = JSONParser.Options(limits: .init(maxStringBytes: run + 1))
        #expect(Self.jsonError("[\"\\n\(text)\"]", limits) == nil)
        let long = try #require(Self.jsonError("[\"\\n\(text)x\u{01}\"]", limits))
        #expect(long.code == .stringTooLong)
        #expect(long.position == SourcePosition(line: 1, column: 2))
    }
}
