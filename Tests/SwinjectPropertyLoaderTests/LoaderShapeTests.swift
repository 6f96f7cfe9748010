import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// The two ways to write a loader (``PropertyLoader`` with `load()`, ``PropertyBatchLoader``
/// with `loadBatch()`) and the shared file input, through the public API only.
@Suite struct LoaderShapeTests {
    struct PlainLoader: PropertyLoader {
        func load() throws -> [String: Any] { ["region": "eu", "db": ["port": 5432, "host": "a"]] }
    }

    struct ListLoader: PropertyBatchLoader {
        func loadBatch() throws -> PropertyBatch {
            PropertyBatch([
                LoadedProperty(key: "region", value: .string("eu"), source: PropertySource(name: "list source"))
            ])
        }
    }

    struct TableLoader: PropertyBatchLoader {
        let table: PropertyTable
        func loadBatch() throws -> PropertyBatch {
            PropertyBatch(mergingLeavesOf: table, source: "table source")
        }
    }

    @Test func aPlainLoaderIsNamedAsTheSourceOfItsValues() throws {
        let container = Container()
        try container.applyPropertyLoader(PlainLoader())
        #expect(container.property("region") == "eu")
        #expect(container.property("db.port") == 5432)
        #expect(container.propertySource(for: "db.host")?.name == "PlainLoader")
    }

    @Test func aBatchLoaderKeepsItsSourcesAndDerivesLoad() throws {
        let container = Container()
        try container.applyPropertyLoader(ListLoader())
        #expect(container.property("region") == "eu")
        #expect(container.propertySource(for: "region")?.name == "list source")
        #expect(try ListLoader().load()["region"] as? String == "eu")
        #expect(try ListLoader().loadBatch().operationCount == 1)
    }

    @Test func aBatchLoaderThatMergesLeavesKeepsEarlierSiblings() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"db": {"host": "a", "port": 1}}"#))
        let db = PropertyTable([.init(key: "port", node: PropertyNode(.integer(2)))])
        let table = PropertyTable([.init(key: "db", node: PropertyNode(.table(db)))])
        try container.applyPropertyLoader(TableLoader(table: table))
        #expect(container.property("db.host") == "a")
        #expect(container.property("db.port") == 2)
        #expect(container.propertySource(for: "db.port")?.name == "table source")
        let plain = try TableLoader(table: table).load()
        #expect(plain["db.port"] as? Int == 2)
    }

    @Test func builtInLoadersGiveTheSameBatchPropertiesAndPlainValues() throws {
        let loader = TomlPropertyLoader(string: "[api]\nport = 8080\nhost = \"x\"\n", name: "app.toml")
        let properties = try loader.loadBatch().properties
        #expect(properties.map(\.key) == ["api.port", "api.host"])
        #expect(properties.first?.source.description == "app.toml:2:8")
        #expect(try loader.loadBatch().properties.map(\.key) == ["api.port", "api.host"])
        #expect(try loader.load()["api.port"] as? Int == 8080)
        #expect(try JsonPropertyLoader(string: #"{"a": 1}"#).load()["a"] as? Int == 1)
    }

    @Test func aFileFormatOfYourOwnGetsTheFourInitializers() throws {
        typealias Loader = LoadersDocSamples.ColonLinesPropertyLoader
        let container = Container()
        try container.applyPropertyLoader(Loader(string: "# comment\nport: 8080\nhost: example.org", name: "svc.conf"))
        #expect(container.property("port") == "8080")
        #expect(container.propertySource(for: "host")?.description == "svc.conf:3:1")

        try container.applyPropertyLoader(Loader(data: Data("mode: fast".utf8), name: "bytes.conf"))
        #expect(container.property("mode") == "fast")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("service.conf")
        try Data("region: eu".utf8).write(to: file)
        try container.applyPropertyLoader(Loader(url: file))
        #expect(container.propertySource(for: "region")?.name == file.path)

        let missing = #expect(throws: PropertyLoaderError.self) {
            try Loader(url: directory.appendingPathComponent("absent.conf")).loadBatch()
        }
        #expect(missing?.code == .missingResource)
        #expect(missing?.description.contains("absent.conf") == true)

        let noResource = #expect(throws: PropertyLoaderError.self) { try Loader(bundle: .main, name: "nope").load() }
        #expect(noResource?.code == .missingResource)
        #expect(noResource?.description.contains("nope.conf") == true)

        var tooSmall = Loader.Options()
        tooSmall.limits = ParseLimits(maxInputBytes: 4)
        let tooLarge = #expect(throws: PropertyLoaderError.self) { try Loader(url: file, options: tooSmall).load() }
        #expect(tooLarge?.description.contains("more than the limit of 4 bytes") == true)
    }

    @Test func aReloaderReloadsFilesOfYourOwnFormatAndAppliesEveryOtherShapeOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("service.conf")
        try Data("zone: a".utf8).write(to: file)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container,
            loaders: [
                LoadersDocSamples.ColonLinesPropertyLoader(url: file), PlainLoader(), ListLoader(),
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_MODE": "fast"]),
                CommandLinePropertyLoader(arguments: ["--level=3"]),
            ])
        #expect(container.property("zone") == "a")
        #expect(container.propertySource(for: "region")?.name == "list source")
        #expect(container.property("db.host") == "a")
        #expect(container.property("mode") == "fast")
        #expect(container.property("level") == 3)

        try Data("zone: b".utf8).write(to: file)
        let event = try reloader.reload()
        #expect(event.changes.map(\.key) == ["zone"])
        #expect(container.property("zone") == "b")
        #expect(container.propertySource(for: "zone")?.name == file.path)
        #expect(container.property("mode") == "fast")
    }

    @Test func theDocumentedCommandLineLoaderNamesEachArgument() throws {
        let container = Container()
        try container.applyPropertyLoader(LoadersDocSamples.CommandLineLoader(arguments: ["bare", "a=1", "b=2"]))
        #expect(container.propertySource(for: "b")?.name == "argument 3")
        #expect(container.property("a") == "1")
    }

    @Test func plistOptionsCarryTheLimits() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>a</key><string>0123456789</string></dict></plist>
            """
        let strict = PlistPropertyLoader.Options(limits: ParseLimits(maxInputBytes: 16))
        #expect(throws: PropertyLoaderError.self) { try PlistPropertyLoader(string: plist, options: strict).load() }
        #expect(try PlistPropertyLoader(string: plist).load()["a"] as? String == "0123456789")
    }
}
