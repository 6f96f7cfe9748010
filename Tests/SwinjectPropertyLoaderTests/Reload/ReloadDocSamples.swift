import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// The samples of the "Reloading configuration" article, verbatim, and tests that run them
/// (public API only).
struct ReloadDocSamples {
    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    func makeContainer(configFile: URL, secrets: URL) throws -> (Container, PropertyReloader) {
        let container = Container()
        let reloader = try PropertyReloader(
            container: container,
            loaders: [
                JsonPropertyLoader(url: configFile),
                DirectoryPropertyLoader(url: secrets, secret: true),
                EnvironmentPropertyLoader(prefix: "ORDERS_"),
            ])
        container.register(Database.self) { r in
            Database(
                host: r.property("database.host", default: "localhost"),
                port: r.property("database.port", default: 5432))
        }
        .inObjectScope(.container)
        return (container, reloader)
    }

    func reloadNow(_ reloader: PropertyReloader) -> Bool {
        do {
            let event = try reloader.reload()
            print(event)  // reload 2 from reload(): 1 key changed: database.port = 6432 (was 5432)
            return true
        } catch {
            print(error)  // /etc/orders/config.json:3:3: expected ',' or '}' after object member
            return false
        }
    }

    func logDatabaseChanges(_ reloader: PropertyReloader, logger: Logger) -> Task<Void, Never> {
        let changes = reloader.changes(of: "database")
        return Task {
            for await event in changes {
                logger.info("database settings changed: \(event.changedKeys)")
            }
        }
    }
}

@Suite struct ReloadDocSampleTests {
    let samples = ReloadDocSamples()

    private func files() throws -> (config: URL, secrets: URL) {
        let folder = try makeTemporaryDirectory()
        let config = folder.appendingPathComponent("config.json")
        let secrets = folder.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        try writeAtomically(#"{"database": {"host": "db1", "port": 5432}}"#, to: config)
        try writeAtomically("s3cret\n", to: secrets.appendingPathComponent("database.password"))
        return (config, secrets)
    }

    @Test func theContainerSampleReloadsAndRebuildsTheDatabase() throws {
        let (config, secrets) = try files()
        let (container, reloader) = try samples.makeContainer(configFile: config, secrets: secrets)
        let database = try #require(container.resolve(ReloadDocSamples.Database.self))
        #expect(reloader.watchedPaths == [config.path, secrets.path])

        try writeAtomically(#"{"database": {"host": "db1", "port": 6432}}"#, to: config)
        #expect(samples.reloadNow(reloader))

        #expect(container.resolve(ReloadDocSamples.Database.self)?.port == 6432)
        #expect(database.port == 5432)
    }

    @Test func theReloadSampleReportsABrokenFileAndTheLogSaysWhere() throws {
        let (config, secrets) = try files()
        let (container, reloader) = try samples.makeContainer(configFile: config, secrets: secrets)
        let recorder = RecordingLogHandler.Store()
        container.propertyLogger = Logger(label: "SwinjectKit") { _ in RecordingLogHandler(store: recorder) }

        try writeAtomically("{\n  \"database\": {\"host\": \"db1\"}\n  \"port\": 1\n}", to: config)
        #expect(!samples.reloadNow(reloader))

        let expected =
            "Reload of \(config.path), \(secrets.path) rejected, properties unchanged: "
            + "\(config.path):3:3: expected ',' or '}' after object member"
        #expect(recorder.messages == [expected])
        #expect(reloader.lastError?.description == "\(config.path):3:3: expected ',' or '}' after object member")
        #expect(container.property("database.port") == 5432)
    }

    @Test func theObservationSampleLogsEachChangeOfTheSection() async throws {
        let (config, secrets) = try files()
        let (_, reloader) = try samples.makeContainer(configFile: config, secrets: secrets)
        let (messages, continuation) = AsyncStream<String>.makeStream()
        let logger = Logger(label: "SwinjectKit") { _ in StreamingLogHandler(continuation: continuation) }
        let observing = samples.logDatabaseChanges(reloader, logger: logger)
        defer { observing.cancel() }

        try writeAtomically(#"{"database": {"host": "db2", "port": 5432}}"#, to: config)
        try reloader.reload()
        let message = try await firstMessage(of: messages)

        #expect(message == #"database settings changed: ["database.host"]"#)
    }
}
