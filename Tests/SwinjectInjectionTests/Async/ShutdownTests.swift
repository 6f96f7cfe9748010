import Swinject
import SwinjectInjection
import Testing

/// Records the order of shutdowns across tasks.
actor ShutdownFixtureJournal {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

struct ShutdownFixtureFailure: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) did not close" }
}

/// A service that records its shutdown and may fail it.
final class ShutdownFixtureService: Shutdownable, Sendable {
    let name: String
    let journal: ShutdownFixtureJournal
    let fails: Bool

    init(_ name: String, journal: ShutdownFixtureJournal, fails: Bool = false) {
        self.name = name
        self.journal = journal
        self.fails = fails
    }

    func shutdown() async throws {
        await journal.append(name)
        if fails { throw ShutdownFixtureFailure(name: name) }
    }
}

final class ShutdownFixtureCache: Shutdownable, Sendable {
    let service: ShutdownFixtureService
    init(_ service: ShutdownFixtureService) { self.service = service }
    func shutdown() async throws { try await service.shutdown() }
}

@Suite struct ShutdownTests {
    /// Services close in reverse order of creation (not of registration), each once.
    @Test func shutdownClosesCreatedServicesInReverseOrderOfCreationOnce() async throws {
        let journal = ShutdownFixtureJournal()
        let injector = Injector(label: "server")
        try injector.register(
            as: ShutdownFixtureService.self, name: "fixed", injection: .singleton(.init("fixed", journal: journal)))
        try injector.register(
            as: ShutdownFixtureService.self, name: "client",
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(ShutdownFixtureService.self, name: "pool")
                return ShutdownFixtureService("client", journal: journal)
            })
        try injector.register(
            as: ShutdownFixtureService.self, name: "pool",
            injection: .asyncSingleton { ShutdownFixtureService("pool", journal: journal) })
        try injector.register(
            as: ShutdownFixtureService.self, name: "lazy",
            injection: .lazySingleton { ShutdownFixtureService("lazy", journal: journal) })
        try injector.register(
            as: ShutdownFixtureService.self, name: "never",
            injection: .asyncSingleton { ShutdownFixtureService("never", journal: journal) })
        try injector.register(
            as: ShutdownFixtureService.self, name: "factory",
            injection: .factory { ShutdownFixtureService("factory", journal: journal) })
        _ = try await injector.getAsync(ShutdownFixtureService.self, name: "client")
        _ = try injector.get(ShutdownFixtureService.self, name: "lazy")
        _ = try injector.get(ShutdownFixtureService.self, name: "factory")
        try await injector.shutdown()
        try await injector.shutdown()
        #expect(await journal.entries == ["lazy", "client", "pool", "fixed"])
    }

    /// Every service is shut down even when some throw; one error lists each failing type.
    @Test func failuresAreCollectedAndThrownTogether() async throws {
        let journal = ShutdownFixtureJournal()
        let injector = Injector(label: "failing")
        try injector.register(
            as: ShutdownFixtureService.self, injection: .singleton(.init("first", journal: journal, fails: true)))
        try injector.register(as: Int.self, injection: .singleton(3))
        try injector.register(
            as: ShutdownFixtureCache.self,
            injection: .asyncSingleton { ShutdownFixtureCache(.init("second", journal: journal, fails: true)) })
        try injector.register(
            as: AsyncFixturePool.self, injection: .asyncSingleton { AsyncFixturePool(number: 1) })
        _ = try await injector.getAsync(ShutdownFixtureCache.self)
        _ = try await injector.getAsync(AsyncFixturePool.self)
        let error = await #expect(throws: InjectionError.shutdownFailed) { try await injector.shutdown() }
        let failure = try #require(error)
        #expect(
            failure.causes.map(\.serviceType) == [
                String(reflecting: ShutdownFixtureCache.self), String(reflecting: ShutdownFixtureService.self),
            ])
        #expect(failure.causes.map { ($0.underlyingError as? ShutdownFixtureFailure)?.name } == ["second", "first"])
        #expect(failure.description.contains("shutdown failed for 2 service(s)"), "\(failure)")
        #expect(failure.description.contains("second did not close"), "\(failure)")
        #expect(await journal.entries == ["second", "first"])
        // A failed shutdown is not tried again.
        try await injector.shutdown()
        #expect(await journal.entries == ["second", "first"])
    }

    /// Swinject container users mark entries with `shutsDown()`; `container.shutdown()` closes
    /// their instances newest first, and an injector's shutdown includes its container's.
    @Test func containerEntriesMarkedShutsDownAreShutDown() async throws {
        let journal = ShutdownFixtureJournal()
        let container = Container()
        container.register(ShutdownFixtureService.self, name: "pool") { _ in .init("pool", journal: journal) }
            .inObjectScope(.container)
            .shutsDown()
        container.register(ShutdownFixtureCache.self) { resolver in
            ShutdownFixtureCache(
                resolver.resolve(ShutdownFixtureService.self, name: "pool") ?? .init("missing", journal: journal))
        }
        .inObjectScope(.container)
        .shutsDown()
        container.register(ShutdownFixtureService.self, name: "unmarked") { _ in .init("unmarked", journal: journal) }
            .inObjectScope(.container)
        _ = container.resolve(ShutdownFixtureCache.self)
        _ = container.synchronize().resolve(ShutdownFixtureService.self, name: "unmarked")
        try await container.shutdown()
        try await container.shutdown()
        #expect(await journal.entries == ["pool", "pool"])

        let injector = Injector(label: "with container")
        injector.container.register(ShutdownFixtureService.self, name: "swinject") { _ in
            .init("swinject", journal: journal)
        }
        .inObjectScope(.container)
        .shutsDown()
        try injector.register(
            as: ShutdownFixtureService.self, injection: .asyncSingleton { .init("async", journal: journal) })
        _ = try await injector.getAsync(ShutdownFixtureService.self)
        _ = try injector.get(ShutdownFixtureService.self, name: "swinject")
        try await injector.shutdown()
        #expect(await journal.entries == ["pool", "pool", "swinject", "async"])
    }
}
