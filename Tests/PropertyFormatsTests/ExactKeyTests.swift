import Foundation
import Testing

@testable import PropertyFormats

/// The fingerprints behind the JSON and TOML duplicate-key checks.
@Suite struct ExactKeyTests {
    @Test func keysThatDifferOnlyInTheMiddleHaveDifferentFingerprints() {
        // Same length, same first and last eight bytes: only the middle words tell them apart.
        let keys = (0..<1_000).map { "service_" + String(format: "%08d", $0) + "_timeout" }
        let fingerprints = Set(keys.map { ExactKey.fingerprint(of: $0) })
        #expect(fingerprints.count == keys.count)
    }

    @Test func equalBytesGiveEqualFingerprintsWhateverTheStringsStorage() {
        let literal = "deployment_region_6"
        let built = ["deployment", "region", "6"].joined(separator: "_")
        #expect(ExactKey.fingerprint(of: literal) == ExactKey.fingerprint(of: built))
        #expect(TableKey(literal) == TableKey(built))
    }

    /// Keys compare as `String`s do, so canonically equivalent spellings are one key and share
    /// a fingerprint, including an ASCII key and its non-ASCII equivalent (the Kelvin sign).
    @Test func canonicallyEquivalentKeysAreOneKey() {
        #expect(TableKey("\u{E9}") == TableKey("e\u{301}"))
        #expect(TableKey("\u{E9}").fingerprint == TableKey("e\u{301}").fingerprint)
        #expect(TableKey("\u{212A}") == TableKey("K"))
        #expect(TableKey("\u{212A}").fingerprint == ExactKey.fingerprint(of: "K"))
        #expect(TableKey("\u{E9}") != TableKey("e"))
    }

    @Test func manyKeysThatShareTheirEdgesParseAsDistinctKeys() throws {
        let count = 5_000
        let json =
            "{"
            + (0..<count).map { "\"edge_key_\(String(format: "%06d", $0))_shared_end\": \($0)" }
            .joined(separator: ",") + "}"
        let node = try JSONParser.parse(json)
        guard case .table(let table) = node.value else {
            Issue.record("expected an object, got \(node.value)")
            return
        }
        #expect(table.entries.count == count)
        let toml = (0..<count).map { "edge_key_\(String(format: "%06d", $0))_shared_end = \($0)" }
            .joined(separator: "\n")
        #expect(try TOMLParser.parse(toml).entries.count == count)
        let duplicate = toml + "\nedge_key_000017_shared_end = 1"
        #expect(throws: ParseError.self) { try TOMLParser.parse(duplicate) }
    }
}
