import Foundation
import PropertyFormats
import Testing

/// A parse error gives the position and what was expected, never bytes of the value it is in:
/// the value may be a secret.
@Suite struct ErrorValueBytesTests {
    /// Documents with a broken string value, each broken by the character `Ω` (or the byte
    /// 0xFF, or a surrogate escape) that must not appear in the message.
    static let json: [[UInt8]] = [
        Array(#"{"password": "abc\Ωdef"}"#.utf8),
        Array(#"{"password": "abc\qdef"}"#.utf8),
        Array(#"{"password": "abc\uD9FFdef"}"#.utf8),
        Array(#"{"password": "abc"#.utf8) + [0xFF] + Array(#"def"}"#.utf8),
        Array(#"{"password": "abc"#.utf8) + [0x07] + Array(#"def"}"#.utf8),
    ]

    static let toml: [[UInt8]] = [
        Array(#"password = "abc\Ωdef""#.utf8),
        Array(#"password = "abc\qdef""#.utf8),
        Array(#"password = "abc\UD9FFD9FFdef""#.utf8),
        Array(#"password = "abc"#.utf8) + [0xFF] + Array(#"def""#.utf8),
        Array(#"password = "abc"#.utf8) + [0x07] + Array(#"def""#.utf8),
    ]

    /// The texts the message of a document must not hold.
    static let revealing = ["Ω", "\\q", "'q'", "D9FF", "0xFF", "U+0007", "BEL"]

    @Test(arguments: json)
    func jsonErrorsQuoteNoValueBytes(_ bytes: [UInt8]) throws {
        do {
            _ = try JSONParser.parse(Data(bytes))
            Issue.record("parsed")
        } catch {
            #expect(error.position.line == 1)
            for text in Self.revealing { #expect(!error.message.contains(text), "\(error.message)") }
        }
    }

    @Test(arguments: toml)
    func tomlErrorsQuoteNoValueBytes(_ bytes: [UInt8]) throws {
        do {
            _ = try TOMLParser.parse(Data(bytes))
            Issue.record("parsed")
        } catch {
            #expect(error.position.line == 1)
            for text in Self.revealing { #expect(!error.message.contains(text), "\(error.message)") }
        }
    }
}
