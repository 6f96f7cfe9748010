import Testing

@testable import SwinjectPropertyLoader

@Suite struct DollarScanTests {
    @Test(arguments: [
        (#"{"a": "b"}"#, false),
        (#"{"a": "$"}"#, true),
        (#"{"a": "\u0024{b}"}"#, true),
        (#"a = "\U00000024{b}""#, true),
        (#"{"a": "\u0025 \"quoted\" \\ \t"}"#, false),
        (#"{"a": "\u002"#, false),
        ("\\", false),
        ("", false),
    ])
    func findsEveryWayToSpellADollar(text: String, expected: Bool) {
        let found = Array(text.utf8).withUnsafeBytes { DollarScan.bytesMayHoldDollar($0) }
        #expect(found == expected)
    }
}
