import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// A merged table's small sections are stored whole (one value per section) where nothing is set
/// yet; everything a container shows must be what setting each flattened leaf shows.
@Suite struct WholeTableMergeTests {
    /// A loader that hands over one batch.
    struct BatchLoader: PropertyBatchLoader {
        let batch: PropertyBatch
        func loadBatch() throws -> PropertyBatch { batch }
    }

    /// The same batches applied as they are and with every merged table replaced by its leaves,
    /// set one flat key at a time (`PropertyBatch.properties`).
    private static func containers(_ batches: [PropertyBatch]) throws -> (merged: Container, leaves: Container) {
        let merged = Container()
        let leaves = Container()
        for batch in batches {
            try merged.applyPropertyLoader(BatchLoader(batch: batch))
            try leaves.applyPropertyLoader(BatchLoader(batch: PropertyBatch(batch.properties)))
        }
        return (merged, leaves)
    }

    private static func expectSameProperties(_ batches: [PropertyBatch], reading keys: [String]) throws {
        let (merged, leaves) = try containers(batches)
        #expect(merged.propertiesDescription == leaves.propertiesDescription)
        #expect(merged.propertyKeys == leaves.propertyKeys)
        for key in keys {
            let mergedRecord = merged.propertyRecord(for: key)
            let leafRecord = leaves.propertyRecord(for: key)
            #expect(mergedRecord?.value == leafRecord?.value, "\(key)")
            #expect(mergedRecord?.overridden.map(\.description) == leafRecord?.overridden.map(\.description), "\(key)")
        }
    }

    private static func toml(_ text: String, source: String) throws -> PropertyBatch {
        try TomlPropertyLoader(string: text, name: source).loadBatch()
    }

    @Test func smallSectionsOfOneDocument() throws {
        let document = """
            [service]
            name = "svc"
            limits.requests = 10
            limits.burst = 2
            [service.database]
            host = "db.internal"
            [service.database.pool]
            min = 2
            max = 12
            [[service.endpoints]]
            path = "/v0"
            [[service.endpoints]]
            path = "/v1"
            [empty]
            [holder.empty]
            [holder]
            kept = true
            """
        try Self.expectSameProperties(
            [try Self.toml(document, source: "a.toml")],
            reading: ["service", "service.database.pool", "service.limits.burst", "holder", "empty", "holder.empty"])
        let (merged, _) = try Self.containers([try Self.toml(document, source: "a.toml")])
        #expect(merged.property("service.database.pool.max") == 12)
        #expect(merged.propertySource(for: "service.database.pool.max")?.description == "a.toml:9:7")
        #expect(merged.property("service.endpoints.1.path") == "/v1")
        // An empty table adds nothing, inside a small section or not.
        #expect(!merged.propertyKeys.contains("empty"))
        #expect(!merged.propertyKeys.contains("holder.empty"))
    }

    @Test func laterDocumentsMergeIntoSectionsStoredWhole() throws {
        let base = """
            [db]
            host = "a"
            port = 1
            [db.pool]
            min = 1
            """
        let local = """
            [db]
            port = 2
            [db.pool]
            max = 5
            [cache]
            ttl = 30
            """
        let batches = [try Self.toml(base, source: "base.toml"), try Self.toml(local, source: "local.toml")]
        try Self.expectSameProperties(batches, reading: ["db", "db.port", "db.pool", "db.pool.min", "cache"])
        let (merged, _) = try Self.containers(batches)
        #expect(merged.property("db.host") == "a")
        #expect(merged.property("db.port") == 2)
        #expect(merged.property("db.pool.min") == 1)
        #expect(merged.property("db.pool.max") == 5)
        #expect(merged.propertyRecord(for: "db.port")?.overridden.map(\.description) == ["base.toml:3:8"])
    }

    /// A table built by hand may repeat a key: the later value wins and the earlier one is what
    /// it overrides, as when each leaf is set in turn.
    @Test func repeatedKeysOfAHandBuiltTableKeepTheirOverride() throws {
        let inner = PropertyTable([
            .init(key: "port", node: PropertyNode(.integer(1), at: SourcePosition(line: 1, column: 1))),
            .init(key: "host", node: PropertyNode(.string("h"), at: SourcePosition(line: 2, column: 1))),
            .init(key: "port", node: PropertyNode(.integer(2), at: SourcePosition(line: 3, column: 1))),
        ])
        let root = PropertyTable([.init(key: "db", node: PropertyNode(.table(inner)))])
        let batch = PropertyBatch(mergingLeavesOf: root, source: "hand")
        try Self.expectSameProperties([batch], reading: ["db", "db.port"])
        let (merged, _) = try Self.containers([batch])
        #expect(merged.property("db.port") == 2)
        #expect(merged.propertyRecord(for: "db.port")?.overridden.map(\.description) == ["hand:1:1"])
    }

    /// Placeholders inside a section stored whole resolve, and a later document that changes
    /// the key they name changes them.
    @Test func placeholdersInsideSectionsStoredWhole() throws {
        let base = """
            [service]
            host = "db"
            url = "postgres://${service.host}:${service.port:-5432}"
            """
        let batches = [try Self.toml(base, source: "base.toml")]
        let (merged, _) = try Self.containers(batches)
        #expect(merged.property("service.url") == "postgres://db:5432")
        try merged.applyPropertyLoader(TomlPropertyLoader(string: "service.port = 6000", name: "local.toml"))
        #expect(merged.property("service.url") == "postgres://db:6000")
    }

    /// A document of many small sections (the shape this storage is for) and one too large to
    /// store whole load the same as their leaves.
    @Test(arguments: [10, 3_000])
    func manySectionsOrOneLargeOne(count: Int) throws {
        var document = ""
        if count < 100 {
            for index in 0..<count {
                document += "[s\(index)]\nname = \"n\(index)\"\n[s\(index).inner]\nvalue = \(index)\n"
            }
        } else {
            document = "[large]\n" + (0..<count).map { "k\($0) = \($0)" }.joined(separator: "\n")
        }
        try Self.expectSameProperties(
            [try Self.toml(document, source: "shape.toml")],
            reading: count < 100 ? ["s3", "s3.inner.value"] : ["large.k7"])
    }
    /// A section too deep for `maxKeySegments` is refused with the key named, whether it was
    /// set whole (JSON) or merged (TOML); one at the limit loads.
    @Test func sectionsDeeperThanTheKeySegmentLimitAreRefused() throws {
        let json = #"{"a": {"b": {"c": 1}}}"#
        let toml = "[a.b]\nc = 1\n"
        for limit in [2, 3] {
            let limits = ParseLimits(maxKeySegments: limit)
            let loaders: [any PropertyLoader] = [
                JsonPropertyLoader(string: json, options: JSONParser.Options(limits: limits)),
                TomlPropertyLoader(string: toml, options: TOMLParser.Options(limits: limits)),
            ]
            for loader in loaders {
                let container = Container()
                if limit == 3 {
                    try container.applyPropertyLoader(loader)
                    #expect(container.property("a.b.c") == 1)
                    continue
                }
                let error = try #require(throws: PropertyLoaderError.self) { try container.applyPropertyLoader(loader) }
                #expect(error.parseError?.code == .nestingTooDeep)
                #expect(error.message.contains("has 3 or more key segments, more than the limit of 2"))
            }
        }
    }
}
