import Foundation
import Testing

@testable import PropertyFormats

/// Adding keys to one TOML table is linear in every build: an append never copies the
/// table's entries. (Tests run in debug builds, where a copy the optimizer would remove stays.)
@Suite struct TOMLTableGrowthTests {
    /// The reported case: 50,000 keys in one table. An append that copied the entries would
    /// move them to new storage every time; appends in place move them only when the capacity
    /// doubles.
    @Test func appendingFiftyThousandKeysMovesTheEntriesOnlyWhenTheyGrow() {
        let table = TOMLTable(origin: .root, position: SourcePosition(line: 1, column: 1), depth: 0)
        var moves = 0
        var address = Self.storage(of: table)
        for number in 0..<50_000 {
            let key = TOMLKey(name: "key_\(number)", position: SourcePosition(line: number + 1, column: 1))
            #expect(table.appendValueIfAbsent(key, node: PropertyNode(.integer(Int64(number)))) == nil)
            let next = Self.storage(of: table)
            if next != address { moves += 1 }
            address = next
        }
        #expect(table.entries.count == 50_000)
        #expect(moves <= 40, "the entries moved \(moves) times for 50,000 appends")
        let repeated = TOMLKey(name: "key_49999", position: SourcePosition(line: 1, column: 1))
        #expect(table.appendValueIfAbsent(repeated, node: PropertyNode(.null)) == 49_999)
    }

    /// The variant, through the public parser: 100,000 keys under a `[section]` header and in
    /// one inline table. Copying on every append would take minutes here in a debug build
    /// (about 5 × 10^9 entries copied per table); appending in place takes a second or two.
    @Test func parsingOneHundredThousandKeysInOneTable() throws {
        let count = 100_000
        var text = "[section]\n"
        for number in 0..<count { text += "key_\(number) = \(number)\n" }
        text += "[other]\ninline = { "
        text += (0..<count).map { "k\($0) = \($0)" }.joined(separator: ", ")
        text += " }\n"
        let root = try TOMLParser.parse(text)
        guard case .table(let section) = root["section"]?.value,
            case .table(let other) = root["other"]?.value,
            case .table(let inline) = other["inline"]?.value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(section.count == count)
        #expect(inline.count == count)
        #expect(section["key_99999"]?.value == .integer(99_999))
        #expect(inline["k0"]?.value == .integer(0))
    }

    private static func storage(of table: TOMLTable) -> UnsafeRawPointer? {
        table.entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
