import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of the articles PropertyUsageReport.md and Logging.md, verbatim (see
// PropertyLoaderDocSamples.swift), and tests that run them through the public API only.

struct PropertyUsageDocSamples {
    final class Database {
        let host: String
        let port: Int

        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    func makeContainer() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"host": "db.internal", "password": "hunter2"}, "api": {"timout": 30}}"#,
                name: "app.json"))
        container.register(Database.self) { r in
            Database(
                host: r.property("database.host", .orFatalError),
                port: r.property("database.port", default: 5432))
        }
        .inObjectScope(.container)
        return container
    }

    func reportUsage(of container: Container) throws {
        try container.checkProperties()
        print(container.propertyUsage)
    }

    func warnAboutUnreadKeys(of container: Container, logger: Logger) {
        let unread = container.propertyUsage.unreadKeys.map(\.key)
        if !unread.isEmpty {
            logger.warning("configuration keys no service reads: \(unread.joined(separator: ", "))")
        }
    }

    func readersOfTheDatabaseHost(in container: Container) -> [String] {
        container.propertyUsage.readers(of: "database.host").map(\.description)
    }

    func writeSchema(of container: Container, to url: URL) throws {
        try container.checkProperties()
        try container.propertySchema().json.write(to: url, atomically: true, encoding: .utf8)
    }
}

struct LoggingDocSamples {
    func configureLogging(of container: Container) {
        container.propertyLogger = Logger(label: "orders.configuration")
    }
}

@Suite struct PropertyUsageDocSampleTests {
    typealias Samples = PropertyUsageDocSamples

    @Test func theReportOfTheArticle() throws {
        let samples = Samples()
        let container = try samples.makeContainer()
        try container.checkProperties()
        let usage = container.propertyUsage
        let database = String(reflecting: Samples.Database.self)
        let text = usage.description
        #expect(text.hasPrefix("Property usage: 4 keys, 2 read, 2 set but never read, 1 read but never set"))
        #expect(text.contains("database.host = \"db.internal\" (app.json:1:23)\n    read by \(database) at "))
        #expect(text.contains("Set but never read:\n  api.timout = 30 (app.json:1:"))
        #expect(text.contains("  database.password = *** (app.json:1:"))
        #expect(text.contains("Read but never set:\n  database.port (not set)\n      read by \(database) at "))
        #expect(!text.contains("hunter2"))
        #expect(samples.readersOfTheDatabaseHost(in: container).count == 1)
    }

    @Test func theUnreadKeysWarning() throws {
        let samples = Samples()
        let container = try samples.makeContainer()
        try container.checkProperties()
        let store = LevelRecordingLogHandler.Store()
        samples.warnAboutUnreadKeys(of: container, logger: LevelRecordingLogHandler.logger(store))
        #expect(store.entries.map(\.message) == ["configuration keys no service reads: api.timout, database.password"])
    }

    @Test func checkPropertiesNotesUnreadKeys() throws {
        let container = try Samples().makeContainer()
        let store = LevelRecordingLogHandler.Store()
        container.propertyLogger = LevelRecordingLogHandler.logger(store)
        try container.checkProperties()
        let notice = try #require(store.entries.last)
        #expect(notice.level == .notice)
        #expect(notice.message.hasPrefix("Properties set but never read: api.timout (app.json:1:"))
    }

    @Test func theSchemaSampleWritesEveryReadKey() throws {
        let samples = Samples()
        let container = try samples.makeContainer()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try samples.writeSchema(of: container, to: url)
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written == container.propertySchema().json)
        let properties = container.propertySchema().properties
        #expect(properties.map(\.key) == ["database.host", "database.port"])
        #expect(properties.map(\.type) == ["string", "integer"])
        #expect(properties.map(\.isRequired) == [true, false])
        #expect(written.contains(#"{"key": "database.host", "readers": [{"file": "SwinjectPropertyLoaderTests/"#))
    }

    @Test func theLoggingSampleSetsTheContainersLogger() {
        let container = Container()
        LoggingDocSamples().configureLogging(of: container)
        #expect(container.propertyLogger?.label == "orders.configuration")
    }
}
