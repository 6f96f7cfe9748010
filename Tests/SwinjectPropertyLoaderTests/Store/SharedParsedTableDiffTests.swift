import PropertyFormats
import Testing

@testable import SwinjectPropertyLoader

// A reload compares the new snapshot with the old one; a large parsed table kept whole must
// report only the members that changed, as a snapshot table does.
@Suite struct SharedParsedTableDiffTests {
    private static func snapshot(_ text: String) throws -> PropertySnapshot {
        let batch = try JsonPropertyLoader(string: text).loadBatch()
        return try PropertySnapshot.empty.applying(batch, merging: .replace)
    }

    private static func object(changing changed: Int?, adding extra: String = "") -> String {
        let members = (0..<200).map { #""k\#($0)": \#($0 == changed ? -1 : $0)"# }
        return #"{"big": {"# + members.joined(separator: ", ") + extra + "}}"
    }

    @Test func aReloadReportsTheOneChangedMemberOfALargeTable() throws {
        let old = try Self.snapshot(Self.object(changing: nil))
        let new = try Self.snapshot(Self.object(changing: 42, adding: #", "extra": true"#))
        #expect(new.changedKeys(since: old) == ["big.extra", "big.k42"])
        #expect(new.changedKeys(since: new).isEmpty)
    }

    @Test func aLargeTableReplacingASnapshotTableReportsItsMembers() throws {
        let old = try Self.snapshot(#"{"big.k1": 1, "big.gone": 2}"#)
        let new = try Self.snapshot(Self.object(changing: nil))
        let changed = new.changedKeys(since: old)
        #expect(changed.count == 200)
        #expect(changed.contains("big.gone"))
        #expect(!changed.contains("big.k1"))
    }
}
