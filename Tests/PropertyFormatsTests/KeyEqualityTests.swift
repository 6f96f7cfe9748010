import Foundation
import PropertyFormats
import Testing

/// One rule for key equality from parser to store: keys compare as `String`s do, so
/// canonically equivalent spellings are one key everywhere.
@Suite struct KeyEqualityTests {
    static let precomposed = "\u{E9}"
    static let decomposed = "e\u{301}"

    /// The reported case: the same two keys failed or loaded depending on an unrelated dotted
    /// key. Now both documents fail alike, at the second spelling, saying why.
    @Test func tomlKeysThatDifferOnlyInNormalizationAreADuplicateWhateverElseIsThere() throws {
        let pair = "\"\(Self.precomposed)\" = 1\n\"\(Self.decomposed)\" = 2\n"
        for extra in ["", "x.\"a.b\" = 3\n", "\"a.b\" = 3\n", "[t]\nu = 1\n"] {
            do {
                _ = try TOMLParser.parse(pair + extra)
                Issue.record("accepted: \(extra)")
            } catch {
                #expect(error.code == .duplicateKey, "\(extra)")
                #expect(error.position == SourcePosition(line: 2, column: 1))
                #expect(error.message.contains("differ only in Unicode normalization"))
            }
        }
    }

    /// The variant: the same pair as dotted keys, as table headers, inside an inline table, and
    /// the Kelvin sign against `K`.
    @Test func tomlEquivalentKeysInEveryPlaceAKeyCanBe() throws {
        let documents = [
            "a.\"\(Self.precomposed)\" = 1\na.\"\(Self.decomposed)\" = 2\n",
            "[\"\(Self.precomposed)\"]\nx = 1\n[\"\(Self.decomposed)\"]\ny = 2\n",
            "t = { \"\(Self.precomposed)\" = 1, \"\(Self.decomposed)\" = 2 }\n",
            "K = 1\n\"\u{212A}\" = 2\n",
        ]
        for document in documents {
            #expect(throws: ParseError.self, "\(document)") { try TOMLParser.parse(document) }
        }
        #expect(try TOMLParser.parse("e = 1\n\"\(Self.precomposed)\" = 2\n").count == 2)
    }

    @Test func tableEqualityIsSymmetricAndComparesKeysAsStrings() {
        func table(_ pairs: [(String, Int64)]) -> PropertyTable {
            PropertyTable(pairs.map { PropertyTable.Entry(key: $0.0, node: PropertyNode(.integer($0.1))) })
        }
        let tables = [
            table([(Self.precomposed, 2), (Self.decomposed, 2)]),
            table([(Self.precomposed, 1), (Self.decomposed, 2)]),
            table([(Self.decomposed, 2)]),
            table([(Self.precomposed, 2)]),
            table([("a", 1), ("a", 1)]),
            table([("a", 1), ("b", 1)]),
            table([("a", 1)]),
            table((0..<20).map { ("k\($0)", Int64($0)) }),
            table((0..<20).reversed().map { ("k\($0)", Int64($0)) }),
            table((0..<20).map { ("k\($0)", Int64($0)) } + [("k3", 3)]),
            table((0..<21).map { ("k\($0)", Int64($0)) }),
        ]
        for left in tables {
            for right in tables {
                #expect((left == right) == (right == left), "\(left.keys) \(right.keys)")
            }
        }
        // The later value of a key counts, as the subscript reads it.
        #expect(tables[0] == tables[1])
        #expect(tables[0] == tables[2])
        #expect(tables[2] == tables[3])
        #expect(tables[4] == tables[6])
        #expect(tables[4] != tables[5])
        #expect(tables[7] == tables[8])
        #expect(tables[7] == tables[9])
        #expect(tables[7] != tables[10])
        #expect(tables[1][Self.precomposed]?.value == .integer(2))
    }
}
