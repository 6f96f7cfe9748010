import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

// A large JSON object hands the key index its parser built to the store; every way a key can
// be spelled or changed must still read back as it was written.
@Suite struct LargeTableIndexTests {
    /// An object of `count` members `k0`…, each `"v<i>"`, plus `extra` members written as is.
    private static func object(_ count: Int, extra: String = "") -> String {
        let members = (0..<count).map { #""k\#($0)": "v\#($0)""# }
        return "{" + (members + (extra.isEmpty ? [] : [extra])).joined(separator: ", ") + "}"
    }

    @Test func everyMemberOfALargeTableReadsBack() throws {
        let container = Container()
        let longKey = String(repeating: "long", count: 250)
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"big": \#(Self.object(200, extra: #""\u006Bescaped": 1, "\#(longKey)": 2"#))}"#))
        for index in 0..<200 { #expect(container.property("big.k\(index)") == "v\(index)") }
        #expect(container.property("big.kescaped") == 1)
        #expect(container.property("big.\(longKey)") == 2)
        #expect(container.property("big.k200") as String? == nil)
    }

    @Test func aLargeTableWithAnAccentedKeyReadsBack() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"big": \#(Self.object(100, extra: #""clé": 3"#))}"#))
        #expect(container.property("big.clé") == 3)
        #expect(container.property("big.cle\u{301}") == 3)
        #expect(container.property("big.k99") == "v99")
    }

    @Test func aDuplicateKeyUnderUseLastKeepsTheLaterValue() throws {
        let container = Container()
        var options = JSONParser.Options()
        options.duplicateKeys = .useLast
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"big": \#(Self.object(100, extra: #""k5": "later""#))}"#, options: options))
        #expect(container.property("big.k5") == "later")
        let section: [String: Any]? = container.property("big")
        #expect(section?.count == 100)
    }

    @Test func aLaterLoaderWritesIntoALargeTable() throws {
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"big": \#(Self.object(100))}"#),
            JsonPropertyLoader(string: #"{"big.k3": "changed", "big.new": "added", "big.k4": "${big.k7}"}"#),
        ])
        #expect(container.property("big.k3") == "changed")
        #expect(container.property("big.new") == "added")
        #expect(container.property("big.k4") == "v7")
        #expect(container.property("big.k99") == "v99")
        #expect(container.propertyRecord(for: "big.k3")?.overridden.count == 1)
    }

    @Test func placeholdersInALargeTableResolve() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"big": \#(Self.object(100, extra: #""url": "x-${big.k1}""#))}"#))
        #expect(container.property("big.url") == "x-v1")
    }

    @Test func changingAParsedTableDropsItsIndex() throws {
        let root = try JSONParser.parse(Self.object(100))
        guard case .table(var table) = root.value else {
            Issue.record("not a table")
            return
        }
        #expect(table.keyIndex != nil)
        table.entries[0].key = "renamed"
        #expect(table.keyIndex == nil)
        var batch = PropertyBatch()
        batch.set("big", to: .table(table), source: PropertySource(name: "changed"))
        let container = Container()
        try container.applyPropertyLoader(Loaded(batch: batch))
        #expect(container.property("big.renamed") == "v0")
        #expect(container.property("big.k0") as String? == nil)
        #expect(container.property("big.k1") == "v1")
    }

    @Test func aSmallOrEscapedTableCarriesNoIndex() throws {
        guard case .table(let small) = try JSONParser.parse(Self.object(15)).value,
            case .table(let accented) = try JSONParser.parse(Self.object(40, extra: #""é": 1"#)).value,
            case .table(let large) = try JSONParser.parse(Self.object(16)).value
        else {
            Issue.record("not tables")
            return
        }
        #expect(small.keyIndex == nil)
        #expect(accented.keyIndex == nil)
        #expect(large.keyIndex?.index.count == 16)
    }

    private struct Loaded: PropertyBatchLoader {
        let batch: PropertyBatch
        func loadBatch() throws -> PropertyBatch { batch }
    }
}
