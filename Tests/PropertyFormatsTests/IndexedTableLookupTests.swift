import Testing

@testable import PropertyFormats

/// A large parsed object answers `table[key]` through the key index its parser built, and keeps
/// that index when only its values are replaced (as placeholder resolution replaces them).
@Suite struct IndexedTableLookupTests {
    /// A parsed object of `count` members `k<i>` = `i`, plus `extra` written as is.
    private static func table(_ count: Int, extra: String = "") throws -> PropertyTable {
        let members = (0..<count).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        guard case .table(let table) = try JSONParser.parse("{" + members + extra + "}").value else {
            Issue.record("not a table")
            return PropertyTable()
        }
        return table
    }

    @Test func everyMemberOfAnIndexedTableIsFound() throws {
        let table = try Self.table(500)
        #expect(table.keyIndex != nil)
        for index in 0..<500 { #expect(table["k\(index)"]?.value == .integer(Int64(index))) }
        #expect(table["k500"] == nil)
        #expect(table[""] == nil)
    }

    // The index is by bytes and cannot answer for a key that is not ASCII; the Kelvin sign
    // equals `K` as Swift strings compare, so the lookup falls back to comparing strings.
    @Test func aNonASCIISpellingOfAnIndexedKeyIsFound() throws {
        let table = try Self.table(40, extra: #", "K7": "kelvin""#)
        #expect(table.keyIndex != nil)
        #expect(table["\u{212A}7"]?.value == .string("kelvin"))
        #expect(table["é"] == nil)
    }

    @Test func replacingTheNodesKeepsKeysPositionsAndIndex() throws {
        let table = try Self.table(100)
        let replaced = table.replacingNodes(table.entries.map { PropertyNode(.string("x\($0.key)")) })
        #expect(replaced.keyIndex != nil)
        #expect(replaced["k42"]?.value == .string("xk42"))
        #expect(replaced.entries[42].keyPosition == table.entries[42].keyPosition)
        #expect(replaced.keys == table.keys)
        // A list of another length leaves the table as it was.
        #expect(table.replacingNodes([]).entries[3].node.value == .integer(3))
    }

    // A lookup that scanned would make this loop quadratic: minutes instead of a moment.
    @Test func lookupsInAHugeIndexedTableDoNotScan() throws {
        let count = 100_000
        let table = try Self.table(count)
        var found = 0
        for index in stride(from: count - 1, through: 0, by: -1) where table["k\(index)"] != nil { found += 1 }
        #expect(found == count)
    }
}
