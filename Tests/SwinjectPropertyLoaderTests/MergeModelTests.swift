import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

/// One answer per key (issue 20): every read path agrees, whatever formats the loaders use.
/// Public API only.
@Suite struct MergeModelTests {
    struct Database: Decodable, Equatable {
        var host: String?
        var port: Int
    }

    static let baseToml = """
        [database]
        port = 6432
        host = "base"
        """

    /// The reported case: TOML then JSON. The JSON object replaces the whole table.
    @Test func tomlThenJsonObjectGivesOneAnswer() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.baseToml, name: "base.toml"))
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"port": 7000}}"#, name: "override.json"))
        #expect(container.property("database.port") == 7000)
        #expect(container.property("database") == Database(host: nil, port: 7000))
        let section: [String: Any]? = container.property("database")
        #expect(section?["port"] as? Int == 7000)
        #expect(section?["host"] == nil)
        #expect(container.property("database.host") as String? == nil)
        #expect(container.propertySource(for: "database.port")?.description == "override.json:1:23")
        #expect(container.propertySource(for: "database")?.description == "override.json:1:14")
        let record = try #require(container.propertyRecord(for: "database.port"))
        #expect(record.overridden.map(\.description) == ["base.toml:2:8"])
        #expect(container.propertyKeys == ["database.port"])
        #expect(
            container.propertiesDescription
                == "database.port = 7000 (integer) from override.json:1:23, overrides base.toml:2:8")
    }

    /// Variant: JSON then TOML. The TOML leaf replaces only the port; the JSON host stays.
    @Test func jsonThenTomlLeafReplacesOnlyThatLeaf() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "json", "port": 5432}}"#, name: "base.json"))
        try container.applyPropertyLoader(TomlPropertyLoader(string: "[database]\nport = 6432\n", name: "o.toml"))
        #expect(container.property("database.port") == 6432)
        #expect(container.property("database") == Database(host: "json", port: 6432))
        let section: [String: Any]? = container.property("database")
        #expect(section?["port"] as? Int == 6432)
        #expect(section?["host"] as? String == "json")
        #expect(container.propertySource(for: "database.port")?.description == "o.toml:2:8")
        #expect(container.propertySource(for: "database.host")?.description == "base.json:1:23")
        #expect(container.propertySource(for: "database")?.name.hasPrefix("section \"database\"") == true)
        #expect(container.propertyKeys == ["database.host", "database.port"])
        let port = try container.requiredProperty("database.port", as: Int.self)
        #expect(port == 6432)
    }

    /// Variant: a scalar is the key's own value beside the table's members, which stay, and a
    /// later leaf under it adds a member beside it.
    @Test func aScalarKeepsTheTableBesideIt() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.baseToml, name: "base.toml"))
        try container.applyPropertyLoader(DictionaryLoader(values: ["database": "sqlite://memory"]))
        #expect(container.property("database") == "sqlite://memory")
        #expect(container.property("database.port") as Int? == 6432)
        #expect(container.property("database") == Database(host: "base", port: 6432))
        #expect(container.propertyKeys == ["database", "database.host", "database.port"])
        try container.applyPropertyLoader(TomlPropertyLoader(string: "database.port = 1", name: "again.toml"))
        #expect(container.property("database") == Database(host: "base", port: 1))
        #expect(container.property("database") as String? == "sqlite://memory")
        #expect(container.propertyKeys == ["database", "database.host", "database.port"])
    }

    /// Struct members flatten, so a Swift value changes only the leaves it has.
    @Test func structMembersReplaceOnlyTheirLeaves() throws {
        struct Overrides {
            struct DB { var port = 9 }
            var database = DB()
        }
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "json", "port": 1}}"#, name: "base.json"))
        try container.applyPropertyLoader(StructPropertyLoader(Overrides()))
        #expect(container.property("database") == Database(host: "json", port: 9))
        #expect(container.propertySource(for: "database.port")?.name == "struct Overrides")
    }

    /// The opt-in leaf-by-leaf merge for layered configuration.
    @Test func deepMergeChangesOneNestedKeyAndKeepsTheRest() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"host": "h", "port": 1, "pool": {"size": 4, "idle": 2}}, "tags": [1, 2]}"#,
                name: "defaults.json"))
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"port": 2, "pool": {"size": 8}}, "tags": [3]}"#, name: "override.json"),
            merging: .deep)
        #expect(container.property("database.host") == "h")
        #expect(container.property("database.port") == 2)
        #expect(container.property("database.pool.size") == 8)
        #expect(container.property("database.pool.idle") == 2)
        #expect(container.property("tags") == [3])
        let record = try #require(container.propertyRecord(for: "database.pool.size"))
        #expect(record.source.name == "override.json")
        #expect(record.overridden.map(\.name) == ["defaults.json"])
    }

    /// Variant: a property list and a custom loader merged deep, and `.replace` spelled out.
    @Test func deepMergeWorksForEveryWholeValueFormat() throws {
        let container = Container()
        try container.applyPropertyLoader(
            DictionaryLoader(values: ["server": ["host": "a", "port": 1, "tls": ["on": true]]]))
        try container.applyPropertyLoader(
            PlistPropertyLoader(
                string: "<plist><dict><key>server</key><dict><key>port</key><integer>2</integer></dict></dict></plist>"),
            merging: .deep)
        try container.applyPropertyLoader(DictionaryLoader(values: ["server": ["tls": ["ca": "x"]]]), merging: .deep)
        #expect(container.property("server.host") == "a")
        #expect(container.property("server.port") == 2)
        #expect(container.property("server.tls.on") == true)
        #expect(container.property("server.tls.ca") == "x")
        try container.applyPropertyLoader(DictionaryLoader(values: ["server": ["port": 3]]), merging: .replace)
        #expect(container.property("server.host") as String? == nil)
        #expect(container.property("server.port") == 3)
    }

    /// A child container's loaders apply on top of its parent's, with the same rules, and the
    /// child sees what the parent gets later.
    @Test func childLayersFollowTheSameModel() throws {
        let parent = Container()
        try parent.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "p", "port": 1}}"#, name: "parent.json"))
        let child = Container(parent: parent)
        try child.applyPropertyLoader(TomlPropertyLoader(string: "database.port = 2", name: "child.toml"))
        #expect(child.property("database") == Database(host: "p", port: 2))
        #expect(parent.property("database") == Database(host: "p", port: 1))
        try parent.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "q", "port": 3}}"#, name: "later.json"))
        #expect(child.property("database") == Database(host: "q", port: 2))
        let record = try #require(child.propertyRecord(for: "database.port"))
        #expect(record.overridden.map(\.description) == ["later.json:1:36", "parent.json:1:36"])
    }

    /// A container without properties of its own (a synchronized resolver, a child) reads its
    /// nearest ancestor's, including an ancestor that gets properties after the first read.
    @Test func containersWithoutPropertiesReadTheNearestAncestor() throws {
        let grandparent = Container()
        let parent = Container(parent: grandparent)
        let child = Container(parent: parent)
        let synchronized = try #require(child.synchronize() as? Container)
        #expect(synchronized.property("mode") as String? == nil)
        try grandparent.applyPropertyLoader(JsonPropertyLoader(string: #"{"mode": "g", "g": 1}"#))
        #expect(synchronized.property("mode") == "g")
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"mode": "p"}"#))
        #expect(synchronized.property("mode") == "p")
        #expect(synchronized.property("g") == 1)
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"mode": "c"}"#))
        #expect(synchronized.property("mode") == "c")
        #expect(synchronized.propertyKeys == ["g", "mode"])
    }

    /// What JSON keys with dots mean: a top-level key is a path, a nested key one name.
    @Test func jsonKeysWithDots() throws {
        let container = Container()
        // `a` set as an object after `a.b` of the same file joins it: both keys stay.
        let joined = Container()
        try joined.applyPropertyLoader(JsonPropertyLoader(string: #"{"a.b": 1, "a": {"c": 2}}"#, name: "d.json"))
        #expect(joined.propertyKeys == ["a.b", "a.c"])
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"a": {"c": 2}, "x": {"y.z": 3}, "\"q.r\"": 4, "a.d": 5}"#, name: "d.json"))
        // `a.d` comes after `a` and adds a leaf.
        #expect(container.property("a.b") as Int? == nil)
        #expect(container.property("a.c") == 2)
        #expect(container.property("a.d") == 5)
        #expect(container.property(#"x."y.z""#) == 3)
        #expect(container.property("x.y.z") as Int? == nil)
        #expect(container.property(#""q.r""#) == 4)
        #expect(container.propertyKeys == ["\"q.r\"", "a.c", "a.d", #"x."y.z""#])
    }
}
