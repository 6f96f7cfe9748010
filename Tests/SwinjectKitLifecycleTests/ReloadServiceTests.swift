import Foundation
import Logging
import ServiceLifecycle
import Swinject
import SwinjectKitLifecycle
import SwinjectPropertyLoader
import Testing

/// `ReloadService` in a `ServiceGroup`: it reloads while the group runs and stops watching on
/// graceful shutdown and on cancellation (public API only).
@Suite struct ReloadServiceTests {
    private func makeReloader() throws -> (Container, PropertyReloader, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data(#"{"greeting": "hello"}"#.utf8).write(to: file, options: .atomic)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container, loaders: [JsonPropertyLoader(url: file)], options: .init(reloadsOnHangup: false))
        return (container, reloader, file)
    }

    /// A `ServiceGroup` names each service in its logs by its description.
    @Test func describesItselfByItsTypeName() throws {
        let (_, reloader, _) = try makeReloader()
        #expect(String(describing: ReloadService(reloader: reloader)) == "ReloadService")
    }

    @Test func reloadsWhileTheGroupRunsAndStopsOnGracefulShutdown() async throws {
        let (container, reloader, file) = try makeReloader()
        let changes = reloader.changes(of: "greeting")
        let group = ServiceGroup(
            services: [ReloadService(reloader: reloader)], gracefulShutdownSignals: [], cancellationSignals: [],
            logger: Logger(label: "test"))
        let running = Task { try await group.run() }

        try Data(#"{"greeting": "bonjour"}"#.utf8).write(to: file, options: .atomic)
        _ = try await withHangGuard { () async -> PropertyReloadEvent? in
            for await event in changes { return event }
            return nil
        }
        #expect(container.property("greeting") == "bonjour")
        #expect(reloader.isWatching)

        await group.triggerGracefulShutdown()
        try await withHangGuard { try await running.value }
        #expect(!reloader.isWatching)
    }

    /// Variant: the group's task is cancelled instead of shut down gracefully.
    @Test func stopsWatchingWhenTheGroupIsCancelled() async throws {
        let (_, reloader, _) = try makeReloader()
        let group = ServiceGroup(
            services: [ReloadService(reloader: reloader)], gracefulShutdownSignals: [], cancellationSignals: [],
            logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        try await withHangGuard {
            while !reloader.isWatching { await Task.yield() }
        }

        running.cancel()
        _ = try await withHangGuard { try? await running.value }
        #expect(!reloader.isWatching)
    }
}
