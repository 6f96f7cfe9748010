import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct TomlLoaderTests {
    @Test func tablesFlattenToDotKeys() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: Fixtures.bundle, name: "config"))
        #expect(container.property("api.base_url") == "https://api.example.com")
        #expect(container.property("api.timeout") == 30)
        #expect(container.property("database.port") == 5432)
        #expect(container.property("packages.unlimited.cost") == 99.99)
        #expect(container.property("packages.unlimited.features") == ["feature1", "feature2", "feature3"])
        #expect(container.property("packages.basic.features") == ["feature1"])
        let source = try #require(container.propertySource(for: "database.port"))
        #expect(source.name.hasSuffix("config.toml"))
        #expect(source.position == SourcePosition(line: 9, column: 8))
    }

    @Test func commentsDottedKeysAndTypes() throws {
        let text = """
            # TOML natively supports comments
            foo = "bar"
            baz = 100
            ratio = 1.0
            on = true
            server.host = "h"   # dotted key
            day = 2024-03-01
            at = 07:32:00
            launched = 2024-03-01T12:30:00Z
            """
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: text, name: "types.toml"))
        #expect(container.property("foo") == "bar")
        #expect(container.property("baz") == 100)
        let ratioAsInt: Int? = container.property("ratio")
        #expect(ratioAsInt == 1)
        let onAsInt: Int? = container.property("on")
        #expect(onAsInt == nil)
        #expect(container.property("server.host") == "h")
        #expect(container.property("day") == "2024-03-01")
        let day: DateComponents? = container.property("day")
        #expect(day?.year == 2024 && day?.month == 3 && day?.day == 1)
        let dayAsDate: Date? = container.property("day")
        #expect(dayAsDate == nil)
        let time: DateComponents? = container.property("at")
        #expect(time?.hour == 7 && time?.timeZone == nil)
        #expect(container.property("at") == "07:32:00")
        #expect(container.property("launched") == Date(timeIntervalSince1970: 1_709_296_200))
    }

    @Test func arraysOfTablesReadAsDictionariesAndDecodable() throws {
        struct Server: Decodable, Equatable {
            let host: String
            let port: Int
        }
        let text = """
            [[servers]]
            host = "a"
            port = 1

            [[servers]]
            host = "b"
            port = 2
            """
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: text))
        let servers: [Server]? = container.property("servers")
        #expect(servers == [Server(host: "a", port: 1), Server(host: "b", port: 2)])
        let raw: [[String: Any]]? = container.property("servers")
        #expect(raw?.last?["host"] as? String == "b")
        #expect(container.property("servers.1.port") == 2)
    }

    @Test func quotedDottedKeyStaysDistinctFromATable() throws {
        let text = """
            "a.b" = 1
            [a]
            b = 2
            """
        let properties = try TomlPropertyLoader(string: text, name: "clash.toml").loadBatch().properties
        #expect(properties.map(\.key) == [#""a.b""#, "a.b"])
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: text, name: "clash.toml"))
        #expect(container.property(#""a.b""#) == 1)
        #expect(container.property("a.b") == 2)
        #expect(container.propertySource(for: #""a.b""#)?.description == "clash.toml:1:9")
    }

    @Test func quotedDottedKeyAloneIsReadQuoted() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: #""a.b" = 1"#))
        #expect(container.property(#""a.b""#) == 1)
        #expect(container.property("a.b") as Int? == nil)
    }

    @Test func malformedTomlGivesFileLineColumn() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try TomlPropertyLoader(string: "a = 1\nb = \n", name: "bad.toml").loadBatch().properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.description.hasPrefix("bad.toml:2:"))
        let redefined = try #require(throws: PropertyLoaderError.self) {
            try TomlPropertyLoader(string: "[a]\nx = 1\n[a]\ny = 2\n", name: "twice.toml").loadBatch().properties
        }
        #expect(redefined.description.hasPrefix("twice.toml:3:"))
        #expect(redefined.description.contains("line 1"))
    }

    @Test func missingTomlResource() throws {
        #expect(throws: PropertyLoaderError.missingResource) {
            try TomlPropertyLoader(bundle: Fixtures.bundle, name: "absent").loadBatch().properties
        }
    }

    @Test func mergesWithJsonPlistAndStructWithProvenance() throws {
        struct Overrides {
            struct API { let timeout = 60 }
            let api = API()
        }
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"api.timeout": 5, "team": "Giants"}"#, name: "a.json"))
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: Fixtures.bundle, name: "config"))
        try container.applyPropertyLoader(PlistPropertyLoader(bundle: Fixtures.bundle, name: "properties"))
        try container.applyPropertyLoader(StructPropertyLoader(Overrides()))
        #expect(container.property("api.timeout") == 60)
        #expect(container.property("api.base_url") == "https://api.example.com")
        #expect(container.property("team") == "Giants")
        #expect(container.property("name") == "Mike")
        let record = try #require(container.propertyRecord(for: "api.timeout"))
        #expect(record.source.name == "struct Overrides")
        #expect(record.overridden.count == 2)
        #expect(record.overridden[0].name.hasSuffix("config.toml"))
        #expect(record.overridden[0].position.line == 4)
        #expect(record.overridden[1].description == "a.json:1:17")
    }
}

/// Tables named by the empty key keep their dot: `[""] a = 1` is the property `.a`, not `a`.
@Suite struct TomlEmptyKeyTests {
    @Test func aTableNamedByTheEmptyKeyKeepsItsDot() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: "a = 2\n[\"\"]\na = 1\n"))
        #expect(container.property(".a") as Int? == 1)
        #expect(container.property("a") as Int? == 2)
        #expect(container.propertyKeys == [".a", "a"])
    }
}
