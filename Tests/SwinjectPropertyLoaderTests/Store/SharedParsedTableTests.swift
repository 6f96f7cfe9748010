import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

// A large JSON object whose parser indexed its keys stays in the snapshot as the parser built
// it, looked up through that index. Every read path, and every later loader that writes into it,
// must see it as it would a snapshot table.
@Suite struct SharedParsedTableTests {
    /// `{"t0": {...}, "t1": {...}}`: `tables` objects of `members` members `k<i>` = `"v<table>-<i>"`.
    private static func document(tables: Int, members: Int, extra: String = "") -> String {
        let objects = (0..<tables).map { table in
            let entries = (0..<members).map { #""k\#($0)": "v\#(table)-\#($0)""# }
            return #""t\#(table)": {"# + entries.joined(separator: ", ") + (table == 0 ? extra : "") + "}"
        }
        return "{\n" + objects.joined(separator: ",\n") + "\n}"
    }

    @Test func everyMemberOfSeveralLargeTablesReadsBack() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: Self.document(tables: 3, members: 300), name: "few-large.json"))
        for table in 0..<3 {
            for member in 0..<300 { #expect(container.property("t\(table).k\(member)") == "v\(table)-\(member)") }
        }
        #expect(container.property("t1.k300") as String? == nil)
        let section: [String: Any]? = container.property("t2")
        #expect(section?.count == 300)
        let record = container.propertyRecord(for: "t2.k7")
        #expect(record?.source.name == "few-large.json")
        #expect(record?.source.position == SourcePosition(line: 4, column: 112))
    }

    // Resolving a placeholder rebuilds the table that holds it; the rebuilt table keeps the
    // index, or reading each of these members would scan the table (minutes, not a moment).
    @Test func aPlaceholderKeepsALargeTableIndexed() throws {
        let count = 60_000
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: Self.document(tables: 1, members: count, extra: #", "url": "x-${t0.k1}""#)))
        #expect(container.property("t0.url") == "x-v0-1")
        var read = 0
        for member in 0..<count where container.property("t0.k\(member)") == "v0-\(member)" { read += 1 }
        #expect(read == count)
    }

    @Test func laterLoadersWriteIntoALargeTable() throws {
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: Self.document(tables: 2, members: 100)),
            JsonPropertyLoader(string: #"{"t0.k3": "changed", "t0.added": 1}"#),
            JsonPropertyLoader(string: #"{"t1": {"k4": "deep", "more": 2}}"#),
        ])
        #expect(container.property("t0.k3") == "changed")
        #expect(container.property("t0.added") == 1)
        #expect(container.property("t0.k99") == "v0-99")
        #expect(container.propertyRecord(for: "t0.k3")?.overridden.count == 1)
        // Without `.deep` the third loader replaced `t1` whole.
        #expect(container.property("t1.k5") as String? == nil)
        #expect(container.property("t1.k4") == "deep")
    }

    @Test func aDeepMergeAndAnEnvironmentVariableWriteIntoALargeTable() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: Self.document(tables: 2, members: 100)))
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"t1": {"k4": "deep", "more": 2}}"#), merging: .deep)
        try container.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_T0_K9": "from-env"]))
        #expect(container.property("t1.k4") == "deep")
        #expect(container.property("t1.more") == 2)
        #expect(container.property("t1.k5") == "v1-5")
        #expect(container.property("t0.k9") == "from-env")
        #expect(container.propertyRecord(for: "t0.k9")?.overridden.count == 1)
        #expect(container.property("t0.k8") == "v0-8")
    }

    // The index is by bytes; a key spelled with the Kelvin sign equals the ASCII `K` as Swift
    // strings compare, so a lookup the index cannot decide still finds it.
    @Test func aCanonicallyEquivalentSpellingFindsAnIndexedMember() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: Self.document(tables: 1, members: 100, extra: #", "K1": "kelvin""#)))
        #expect(container.property("t0.\u{212A}1") == "kelvin")
        #expect(container.property("t0.K1") == "kelvin")
    }

    @Test func everyKeyOfALargeTableIsListed() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: Self.document(tables: 2, members: 80)))
        let keys = Set(container.propertyKeys)
        #expect(keys.count == 160)
        #expect(keys.contains("t1.k79"))
    }
}
