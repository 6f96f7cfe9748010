import Foundation
import Logging
import ServiceLifecycle
import Swinject
import SwinjectKitLifecycle
import SwinjectPropertyLoader
import Testing
import UnixSignals

/// The ServiceLifecycle sample of the "Reloading configuration" article, verbatim, and a test
/// that runs it (public API only).
struct ReloadServiceDocSamples {
    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    func runServer(configFile: URL, httpServer: some Service, logger: Logger) async throws {
        let container = Container()
        container.propertyLogger = logger
        let reloader = try PropertyReloader(
            container: container,
            loaders: [JsonPropertyLoader(url: configFile), EnvironmentPropertyLoader(prefix: "ORDERS_")])
        container.register(Database.self) { r in
            Database(
                host: r.property("database.host", default: "localhost"),
                port: r.property("database.port", default: 5432))
        }
        .inObjectScope(.container)
        let group = ServiceGroup(
            services: [ReloadService(reloader: reloader), httpServer],
            gracefulShutdownSignals: [.sigterm],
            logger: logger
        )
        try await group.run()
    }
}

@Suite struct ReloadServiceDocSampleTests {
    /// Stands in for the HTTP server: reports that it started, then waits for shutdown.
    struct FakeServer: Service {
        let started: AsyncStream<Void>.Continuation
        func run() async throws {
            started.yield()
            try? await gracefulShutdown()
        }
    }

    @Test func theServerSampleRunsUntilItsTaskIsCancelled() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data(#"{"database": {"port": 6432}}"#.utf8).write(to: file, options: .atomic)
        let (started, continuation) = AsyncStream<Void>.makeStream()
        let server = Task {
            try await ReloadServiceDocSamples().runServer(
                configFile: file, httpServer: FakeServer(started: continuation), logger: Logger(label: "test"))
        }
        _ = try await withHangGuard { () async -> Void? in
            for await _ in started { return () }
            return nil
        }

        server.cancel()
        let outcome = try await withHangGuard { await server.result }
        if case .failure(let error) = outcome { #expect(error is CancellationError) }
    }

    /// Variant: a configuration file that does not exist stops the server before it starts.
    @Test func theServerSampleThrowsTheLoaderErrorForAMissingFile() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).json")
        let (_, continuation) = AsyncStream<Void>.makeStream()
        await #expect(throws: PropertyLoaderError.missingResource) {
            try await ReloadServiceDocSamples().runServer(
                configFile: missing, httpServer: FakeServer(started: continuation), logger: Logger(label: "test"))
        }
    }
}
