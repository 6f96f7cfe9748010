import Logging
import ServiceLifecycle
import SwinjectInjection
import SwinjectKitLifecycle
import Testing
import UnixSignals

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The Swift samples of Sources/SwinjectKitLifecycle/Documentation.docc, verbatim
// (Scripts/check-doc-samples.py checks that each appears in a test file), with stand-ins for the
// article's services; the test sends the process a real SIGTERM. Public API only.
@Suite struct LifecycleDocSamples {
    final class ConnectionPool: Shutdownable, Sendable {
        let journal: LifecycleJournal
        init(journal: LifecycleJournal) async throws {
            self.journal = journal
            // Connecting takes a while: a server that did not wait for it would run first.
            try await Task.sleep(for: .milliseconds(100))
            await journal.append("pool connected")
        }
        func shutdown() async throws { await journal.append("pool closed") }
    }

    final class PaymentsClient: Shutdownable, Sendable {
        let journal: LifecycleJournal
        init(pool: ConnectionPool) async {
            journal = pool.journal
            await journal.append("payments ready")
        }
        func shutdown() async throws { await journal.append("payments closed") }
    }

    /// Stands in for the HTTP server: it records that it runs, then sends the process SIGTERM, as
    /// an orchestrator stopping it would.
    struct SigtermSendingServer: Service {
        let journal: LifecycleJournal

        func run() async throws {
            await journal.append("server running")
            kill(getpid(), SIGTERM)
            try? await gracefulShutdown()
            await journal.append("server stopped")
        }
    }

    func runServer(injector: Injector, httpServer: some Service, logger: Logger) async throws {
        let dependencies = InjectorService(injector: injector, warmingUp: ConnectionPool.self, PaymentsClient.self)
        let group = ServiceGroup(
            services: [dependencies, dependencies.afterWarmUp(httpServer)],
            gracefulShutdownSignals: [.sigterm],
            logger: logger
        )
        try await group.run()
    }

    @Test func sigtermShutsTheServerDownThenTheDependenciesNewestFirst() async throws {
        let journal = LifecycleJournal()
        let injector = Injector(label: "server")
        try injector.register(
            as: ConnectionPool.self, injection: .asyncSingleton { try await ConnectionPool(journal: journal) })
        try injector.register(
            as: PaymentsClient.self,
            injection: .asyncSingleton { injector in
                await PaymentsClient(pool: try await injector.getAsync(ConnectionPool.self))
            })
        try await withHangGuard {
            try await runServer(
                injector: injector, httpServer: SigtermSendingServer(journal: journal),
                logger: Logger(label: "lifecycle-sample"))
        }
        let entries = await journal.entries
        #expect(Array(entries.prefix(3)) == ["pool connected", "payments ready", "server running"], "\(entries)")
        #expect(Array(entries.suffix(3)) == ["server stopped", "payments closed", "pool closed"], "\(entries)")
    }
}
