import Logging
import ServiceLifecycle
import SwinjectInjection
import SwinjectKitLifecycle
import Testing

/// `InjectorService.afterWarmUp(_:)` in a `ServiceGroup`: the wrapped server starts only after
/// the warm-up succeeded, never when it failed or was cut short (public API only).
@Suite struct WarmUpGatedServiceTests {
    /// A pool whose connection the test lets through: it says when it starts connecting, then
    /// waits for `release` (or for its task's cancellation).
    final class SlowPool: Shutdownable, Sendable {
        let journal: LifecycleJournal

        init(journal: LifecycleJournal, connecting: AsyncStream<Void>.Continuation, release: AsyncStream<Void>)
            async throws
        {
            self.journal = journal
            await journal.append("pool connecting")
            connecting.yield()
            for await _ in release { break }
            try Task.checkCancellation()
            await journal.append("pool connected")
        }

        func shutdown() async throws { await journal.append("pool closed") }
    }

    struct CannotConnect: Error {}

    /// A pool that cannot connect.
    final class UnreachablePool: Sendable {
        init() throws { throw CannotConnect() }
    }

    private func group(_ services: [any Service]) -> ServiceGroup {
        ServiceGroup(
            services: services, gracefulShutdownSignals: [], cancellationSignals: [], logger: Logger(label: "test"))
    }

    /// An injector with a `SlowPool` singleton, and the streams that watch and release its connection.
    private func slowPoolInjector(journal: LifecycleJournal) throws -> (
        Injector, connecting: AsyncStream<Void>, release: AsyncStream<Void>.Continuation
    ) {
        let (connecting, connectingContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let injector = Injector(label: "gated")
        try injector.register(
            as: SlowPool.self,
            injection: .asyncSingleton {
                try await SlowPool(journal: journal, connecting: connectingContinuation, release: release)
            })
        return (injector, connecting, releaseContinuation)
    }

    @Test func theServerStartsOnlyAfterTheWarmUpSucceeded() async throws {
        let journal = LifecycleJournal()
        let (injector, connecting, release) = try slowPoolInjector(journal: journal)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let dependencies = InjectorService(injector: injector, warmingUp: SlowPool.self)
        let server = RecordingServer(journal: journal, started: startedContinuation)
        let gated = dependencies.afterWarmUp(server)
        #expect(gated.description == String(describing: server))
        let group = group([dependencies, gated])
        let running = Task { try await group.run() }

        try await withHangGuard { for await _ in connecting { break } }
        // The group has started every service; give an ungated server time to run.
        try await Task.sleep(for: .milliseconds(200))
        #expect(await journal.entries == ["pool connecting"])

        release.yield()
        try await withHangGuard { for await _ in started { break } }
        #expect(await journal.entries == ["pool connecting", "pool connected", "server running"])

        await group.triggerGracefulShutdown()
        try await withHangGuard { try await running.value }
        #expect(await journal.entries.suffix(2) == ["server stopped", "pool closed"])
    }

    @Test func theServerNeverStartsWhenTheWarmUpFails() async throws {
        let journal = LifecycleJournal()
        let injector = Injector(label: "gated")
        try injector.register(
            as: JournaledPool.self,
            injection: .asyncSingleton { await JournaledPool(name: "cache", journal: journal) })
        try injector.register(as: UnreachablePool.self, injection: .asyncSingleton { try UnreachablePool() })
        let (_, startedContinuation) = AsyncStream<Void>.makeStream()
        let dependencies = InjectorService(injector: injector, warmingUp: JournaledPool.self, UnreachablePool.self)
        let group = group([
            dependencies, dependencies.afterWarmUp(RecordingServer(journal: journal, started: startedContinuation)),
        ])

        let error = try await #require(throws: InjectionError.self) {
            try await withHangGuard { try await group.run() }
        }
        #expect(error.code == .factoryThrew)
        #expect(error.serviceType.hasSuffix("UnreachablePool"), "\(error)")
        #expect(error.underlyingError is CannotConnect)
        // What the warm-up created is closed; the server never ran.
        #expect(await journal.entries == ["connect cache", "shutdown cache"])
    }

    /// A running group whose gated server waits for a warm-up the test holds: the pool is
    /// connecting when it returns. Finish `release` when the test ends.
    private func groupWaitingForTheWarmUp(journal: LifecycleJournal) async throws -> (
        ServiceGroup, running: Task<Void, any Error>, release: AsyncStream<Void>.Continuation
    ) {
        let (injector, connecting, release) = try slowPoolInjector(journal: journal)
        let (_, startedContinuation) = AsyncStream<Void>.makeStream()
        let dependencies = InjectorService(injector: injector, warmingUp: SlowPool.self)
        let group = group([
            dependencies, dependencies.afterWarmUp(RecordingServer(journal: journal, started: startedContinuation)),
        ])
        let running = Task { try await group.run() }
        try await withHangGuard { for await _ in connecting { break } }
        return (group, running, release)
    }

    @Test func gracefulShutdownDuringTheWarmUpEndsTheGroupWithoutStartingTheServer() async throws {
        let journal = LifecycleJournal()
        let (group, running, release) = try await groupWaitingForTheWarmUp(journal: journal)
        defer { release.finish() }

        await group.triggerGracefulShutdown()
        try await withHangGuard { try await running.value }
        #expect(await journal.entries == ["pool connecting"])
    }

    @Test func cancellingTheGroupDuringTheWarmUpEndsItWithoutStartingTheServer() async throws {
        let journal = LifecycleJournal()
        let (_, running, release) = try await groupWaitingForTheWarmUp(journal: journal)
        defer { release.finish() }

        running.cancel()
        try await withHangGuard { try await running.value }
        #expect(await journal.entries == ["pool connecting"])
    }
}
