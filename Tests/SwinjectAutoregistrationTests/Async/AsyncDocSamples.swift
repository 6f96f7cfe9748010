import Swinject
import SwinjectAutoregistration
import Testing

// The samples of the "Async registrations on a container" article, verbatim
// (Scripts/check-doc-samples.py), used through the public API only.

final class DatabasePool: Sendable {
    let url: String
    private init(url: String) { self.url = url }
    static func connect(url: String) async throws -> DatabasePool { DatabasePool(url: url) }
}

final class SecretsClient: Sendable {
    func secret(named name: String) async throws -> String { "secret-\(name)" }
}

final class OrdersRepository: Sendable {
    let pool: DatabasePool
    let apiKey: String
    init(pool: DatabasePool, secrets: SecretsClient) async throws {
        self.pool = pool
        self.apiKey = try await secrets.secret(named: "orders")
    }
}

func makeOrdersContainer() -> Container {
    let container = Container()
    container.register(SecretsClient.self) { _ in SecretsClient() }
    container.registerAsync(DatabasePool.self) { _ in
        try await DatabasePool.connect(url: "postgres://db/orders")
    }
    .inObjectScope(.container)
    container.autoregister(OrdersRepository.self, initializer: OrdersRepository.init)
    return container
}

func resolveReportPool(in container: Container) async throws -> DatabasePool {
    container.registerAsync(DatabasePool.self, name: "reports") { (_, url: String) in
        try await DatabasePool.connect(url: url)
    }
    return try await container.resolveAsync(DatabasePool.self, name: "reports", argument: "postgres://db/reports")
}

@MainActor final class CartViewModel {
    var itemCount = 0
    let title: String
    init(title: String) { self.title = title }
}

func registerCart(in container: Container) {
    container.registerMainActor(CartViewModel.self) { @MainActor _ in
        CartViewModel(title: "Cart")
    }
    .inObjectScope(.container)
}

@MainActor func showCart(container: Container) throws -> CartViewModel {
    try container.resolveMainActor(CartViewModel.self)
}

func loadCart(container: Container) async throws -> CartViewModel {
    try await container.resolveOnMainActor(CartViewModel.self)
}

func warmUp(_ container: Container) async throws -> Int {
    let resolver = container.sendableResolver()
    return try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<10 {
            group.addTask { try await resolver.resolveAsync(OrdersRepository.self).apiKey }
        }
        return try await group.reduce(into: 0) { count, _ in count += 1 }
    }
}

final class ReportCache: Sendable {
    let rows: [String]
    private init(rows: [String]) { self.rows = rows }
    static func load(from pool: DatabasePool) async throws -> ReportCache { ReportCache(rows: [pool.url]) }
}

func registerReportCache(in container: Container) {
    container.registerAsync(ReportCache.self) { r in
        try await ReportCache.load(from: r.resolveAsync(DatabasePool.self))
    }
    .inObjectScope(.weak)
}

func openReports(_ resolver: SendableResolver) async throws -> DatabasePool {
    try await resolver.resolveAsync(DatabasePool.self, name: "reports", arguments: "postgres://db/reports", 4)
}

@Suite("Async registrations article samples")
struct AsyncDocSamples {
    @Test func theOrdersContainerResolves() async throws {
        let repository = try await makeOrdersContainer().resolveAsync(OrdersRepository.self)
        #expect(repository.apiKey == "secret-orders")
        #expect(repository.pool.url == "postgres://db/orders")
    }

    @Test func namedPoolWithARuntimeArgument() async throws {
        #expect(try await resolveReportPool(in: Container()).url == "postgres://db/reports")
    }

    @MainActor @Test func theCartResolvesOnTheMainActor() throws {
        let container = Container()
        registerCart(in: container)
        let shown = try showCart(container: container)
        #expect(shown.title == "Cart")
        #expect(try showCart(container: container) === shown)
    }

    @Test func theCartLoadsFromANonisolatedTask() async throws {
        let container = Container()
        registerCart(in: container)
        let loaded = try await loadCart(container: container)
        #expect(try await loadCart(container: container) === loaded)
    }

    @Test func warmUpResolvesFromTenTasks() async throws {
        #expect(try await warmUp(makeOrdersContainer()) == 10)
    }

    @Test func aWeakReportCacheLivesWhileItIsHeld() async throws {
        let container = makeOrdersContainer()
        registerReportCache(in: container)
        var cache: ReportCache? = try await container.resolveAsync(ReportCache.self)
        #expect(try await container.resolveAsync(ReportCache.self) === cache)
        #expect(cache?.rows == ["postgres://db/orders"])
        cache = nil
        #expect(try await container.resolveAsync(ReportCache.self).rows == ["postgres://db/orders"])
    }

    @Test func theReportsPoolTakesTwoArgumentsThroughTheResolver() async throws {
        let container = Container()
        container.registerAsync(DatabasePool.self, name: "reports") { (_, url: String, connections: Int) in
            try await DatabasePool.connect(url: "\(url)?connections=\(connections)")
        }
        let pool = try await openReports(container.sendableResolver())
        #expect(pool.url == "postgres://db/reports?connections=4")
    }

    @Test func aMissingPoolReadsAsTheArticleSays() async throws {
        let container = Container()
        container.register(SecretsClient.self) { _ in SecretsClient() }
        container.autoregister(OrdersRepository.self, initializer: OrdersRepository.init)
        let error = await #expect(throws: ResolutionError.missingDependency) {
            try await container.resolveAsync(OrdersRepository.self)
        }
        let text = try #require(error?.description)
        #expect(text.hasPrefix("Cannot resolve OrdersRepository: a dependency is not registered."))
        #expect(text.contains("initializer: async (DatabasePool, SecretsClient) -> OrdersRepository"))
        #expect(text.contains("chain: OrdersRepository → DatabasePool (not registered)"))
    }
}
