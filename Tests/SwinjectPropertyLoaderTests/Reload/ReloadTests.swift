import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `reload()`: what changes, what stays, and what a rejected reload leaves (public API only).
@Suite struct ReloadTests {
    @Test func reloadSwapsInTheNewValuesAndNamesTheChangedKeys() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"database": {"host": "db1", "port": 5432}, "mode": "a"}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        #expect(reloader.watchedPaths == [file.path])
        #expect(reloader.version == 1)

        try writeAtomically(#"{"database": {"host": "db1", "port": 6432}, "mode": "a", "extra": true}"#, to: file)
        let event = try reloader.reload()

        #expect(event.changedKeys == ["database.port", "extra"])
        #expect(event.version == 2)
        #expect(event.trigger == .call)
        let port = event.changes.first { $0.key == "database.port" }
        #expect(port?.oldValue == "5432")
        #expect(port?.newValue == "6432")
        #expect(port?.newSource?.description == "\(file.path):1:38")
        #expect(container.property("database.port") == 6432)
        #expect(container.property("extra") == true)
        #expect(reloader.version == 2)
    }

    /// Variant: a TOML file and a `.env` file, with a value that leaves the file.
    @Test func reloadReportsRemovedKeysAcrossFormats() throws {
        let folder = try makeTemporaryDirectory()
        let toml = folder.appendingPathComponent("app.toml")
        let env = folder.appendingPathComponent("local.env")
        try writeAtomically("[server]\nport = 8080\nname = \"a\"\n", to: toml)
        try writeAtomically("feature.flag=on\n", to: env)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [TomlPropertyLoader(url: toml), DotEnvPropertyLoader(url: env)])

        try writeAtomically("[server]\nport = 8080\n", to: toml)
        try writeAtomically("feature.flag=off\n", to: env)
        let event = try reloader.reload()

        #expect(event.changedKeys == ["feature.flag", "server.name"])
        #expect(event.changes.first { $0.key == "server.name" }?.newValue == nil)
        #expect((container.property("server.name") as String?) == nil)
        #expect(container.property("feature.flag") == "off")
    }

    @Test func layersThatAreNotFilesKeepTheirValuesAndTheirPlaceInTheOrder() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"port": 1, "host": "file"}"#, to: file)
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"region": "eu", "host": "before"}"#))
        let reloader = try PropertyReloader(
            container: container,
            loaders: [
                JsonPropertyLoader(url: file),
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_PORT": "9000"]),
            ])
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"mode": "after"}"#))

        try writeAtomically(#"{"port": 2, "host": "file2"}"#, to: file)
        try reloader.reload()

        // The environment layer applies after the file, so it still wins for `port`.
        #expect(container.property("port") == 9000)
        #expect(container.property("host") == "file2")
        #expect(container.property("region") == "eu")
        #expect(container.property("mode") == "after")
    }

    @Test func aBrokenFileKeepsTheOldPropertiesAndNamesItsLineAndColumn() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"port": 1}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        let events = reloader.events()

        try writeAtomically("{\n  \"port\": 2,\n  \"host\" \"x\"\n}", to: file)
        let error = #expect(throws: PropertyLoaderError.malformedContent) { try reloader.reload() }

        #expect(error?.description.hasPrefix("\(file.path):3:10: ") == true)
        #expect(container.property("port") == 1)
        #expect(reloader.version == 1)
        #expect(reloader.lastError == .malformedContent)
        _ = events
    }

    /// Variant: two files, the second broken; the first file's new value is not applied either.
    @Test func aBrokenSecondFileRejectsTheWholeReload() throws {
        let folder = try makeTemporaryDirectory()
        let first = folder.appendingPathComponent("a.json")
        let second = folder.appendingPathComponent("b.toml")
        try writeAtomically(#"{"version": 1, "a": "one"}"#, to: first)
        try writeAtomically("b = \"one\"\n", to: second)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: first), TomlPropertyLoader(url: second)])

        try writeAtomically(#"{"version": 2, "a": "two"}"#, to: first)
        try writeAtomically("b = \"two\n", to: second)
        #expect(throws: PropertyLoaderError.malformedContent) { try reloader.reload() }
        #expect(container.property("version") == 1)
        #expect(container.property("a") == "one")

        try writeAtomically("b = \"two\"\n", to: second)
        try reloader.reload()
        #expect(container.property("version") == 2)
        #expect(container.property("b") == "two")
        #expect(reloader.lastError == nil)
    }

    @Test func aMissingFileIsRejectedLikeABrokenOne() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.plist")
        try writeAtomically(
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>port</key><integer>1</integer></dict></plist>"#,
            to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [PlistPropertyLoader(url: file)])
        try FileManager.default.removeItem(at: file)

        let error = #expect(throws: PropertyLoaderError.missingResource) { try reloader.reload() }
        #expect(error?.description == "\(file.path): cannot open: file does not exist")
        #expect(container.property("port") == 1)
    }

    @Test func secretsAreMaskedInEvents() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"database": {"password": "old-secret"}}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])

        try writeAtomically(#"{"database": {"password": "new-secret"}}"#, to: file)
        let event = try reloader.reload()

        #expect(event.changes.map(\.description) == ["database.password = *** (was ***)"])
        #expect(!event.description.contains("secret"))
        #expect(container.property("database.password") == "new-secret")
    }

    @Test func aFailedFirstLoadAppliesNothing() throws {
        let folder = try makeTemporaryDirectory()
        let good = folder.appendingPathComponent("good.json")
        try writeAtomically(#"{"a": 1}"#, to: good)
        let container = Container()
        #expect(throws: PropertyLoaderError.missingResource) {
            _ = try PropertyReloader(
                container: container,
                loaders: [
                    JsonPropertyLoader(url: good), JsonPropertyLoader(url: folder.appendingPathComponent("x.json")),
                ])
        }
        #expect((container.property("a") as Int?) == nil)
    }
}
