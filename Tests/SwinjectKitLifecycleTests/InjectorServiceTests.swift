import Logging
import ServiceLifecycle
import SwinjectInjection
import SwinjectKitLifecycle
import Testing

/// Records what happened, in order, across tasks.
actor LifecycleJournal {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

/// A service that connects at startup and records its shutdown.
final class JournaledPool: Shutdownable, Sendable {
    let journal: LifecycleJournal
    let name: String

    init(name: String, journal: LifecycleJournal) async {
        self.name = name
        self.journal = journal
        await journal.append("connect \(name)")
    }

    func shutdown() async throws {
        await journal.append("shutdown \(name)")
    }
}

/// A group member that records when the group starts and stops it.
struct RecordingServer: Service {
    let journal: LifecycleJournal
    let started: AsyncStream<Void>.Continuation

    func run() async throws {
        await journal.append("server running")
        started.yield()
        try? await gracefulShutdown()
        await journal.append("server stopped")
    }
}

@Suite struct InjectorServiceTests {
    /// A `ServiceGroup` names each service in its logs by its description.
    @Test func describesItselfByItsTypeName() {
        let services = InjectorService(injector: Injector(label: "named"))
        #expect(String(describing: services) == "InjectorService")
        #expect(String(describing: services.afterWarmUp(services)) == "InjectorService")
    }

    @Test func gracefulShutdownOfTheGroupShutsTheWarmedServicesDownAfterTheServer() async throws {
        let journal = LifecycleJournal()
        let injector = Injector(label: "lifecycle")
        try injector.register(
            as: JournaledPool.self, name: "primary",
            injection: .asyncSingleton { await JournaledPool(name: "primary", journal: journal) })
        try injector.register(
            as: JournaledPool.self, name: "replica",
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(JournaledPool.self, name: "primary")
                return await JournaledPool(name: "replica", journal: journal)
            })
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (warmed, warmedContinuation) = AsyncStream<Void>.makeStream()
        let services = InjectorService(injector: injector) { injector in
            _ = try await injector.getAsync(JournaledPool.self, name: "replica")
            warmedContinuation.yield()
        }
        let group = ServiceGroup(
            services: [services, RecordingServer(journal: journal, started: startedContinuation)],
            logger: Logger(label: "test"))
        async let run: Void = group.run()
        // The server and the warm-up run side by side: shut down once both are under way, so that
        // the warmed pools exist to be shut down.
        for await _ in started { break }
        for await _ in warmed { break }
        await group.triggerGracefulShutdown()
        try await run
        let entries = await journal.entries
        #expect(entries.contains("connect primary"))
        #expect(
            Array(entries.suffix(3)) == ["server stopped", "shutdown replica", "shutdown primary"],
            "\(entries)")
    }
}
