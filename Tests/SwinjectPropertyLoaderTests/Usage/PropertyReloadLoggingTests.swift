import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// The package functions the reloader logs through.
@Suite struct PropertyReloadLoggingTests {
    final class Database {}

    @Test func anAppliedReloadIsLoggedAtInfoWithSecretsMasked() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "b", "password": "hunter2"}}"#, name: "app.json"))

        container.logPropertyReload(
            changedKeys: ["database.password", "database.host", "database.port"], sources: ["app.json"],
            discarded: ["App.Database"])

        let last = try #require(store.entries.last)
        #expect(last.level == .info)
        #expect(
            last.message
                == "Reloaded properties from app.json: 3 changed: database.host = \"b\", database.password = ***, "
                + "database.port (removed); rebuilt on next resolve: App.Database")
    }

    @Test func aRejectedReloadIsLoggedAtErrorWithItsLocation() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        let error = #expect(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(string: "{\n  \"a\": ,\n}", name: "app.json").loadBatch()
        }

        container.logRejectedPropertyReload(try #require(error), sources: ["app.json"])

        let last = try #require(store.entries.last)
        #expect(last.level == .error)
        #expect(last.message.hasPrefix("Reload of app.json rejected, properties unchanged: "))
        #expect(last.message.contains("app.json:2:"))
    }

    @Test func manyChangedKeysAreCountedNotAllListed() throws {
        let container = Container()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        let keys = (0..<20).map { "k\($0)" }
        container.logPropertyReload(changedKeys: keys, sources: [], discarded: [])
        let message = try #require(store.entries.last?.message)
        #expect(message.hasSuffix("and 12 more"))
        #expect(message.hasPrefix("Reloaded properties from no source: 20 changed: k0 (removed), k1 (removed)"))
    }
}
