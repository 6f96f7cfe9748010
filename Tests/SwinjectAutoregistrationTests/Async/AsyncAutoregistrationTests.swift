import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Async autoregistration")
struct AsyncAutoregistrationTests {
    @Test func anAsyncInitializerGetsAsyncAndSynchronousDependencies() async throws {
        let container = Container()
        container.autoregister(Pool.self, initializer: Pool.open).inObjectScope(.container)
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.autoregister(Mailer.self, initializer: Mailer.init)
        container.autoregister(Checkout.self, initializer: Checkout.init)
        let checkout = try await container.resolveAsync(Checkout.self)
        #expect(checkout.mailer.pool === checkout.pool)
        #expect(checkout.credentials.secret == "s")
    }

    @Test func aThrowingAsyncInitializerFailsWithTheChainAndSignature() async throws {
        let container = Container()
        container.autoregister(Pool.self, initializer: Pool.refuse)
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.autoregister(Mailer.self, initializer: Mailer.init)
        let error = await #expect(throws: ResolutionError.initializerThrew) {
            try await container.resolveAsync(Mailer.self)
        }
        #expect(error?.chain == ["Mailer", "Pool"])
        #expect(error?.description.contains("initializer: async () -> Pool") == true)
        #expect(error?.underlyingError as? ConnectFailed == ConnectFailed(attempt: 0))
    }

    @Test func aMissingDependencyReadsAsTheSynchronousOne() async throws {
        let asyncContainer = Container()
        asyncContainer.autoregister(Mailer.self, initializer: Mailer.init)
        asyncContainer.register(Credentials.self) { _ in Credentials(secret: "s") }
        let asyncError = await #expect(throws: ResolutionError.missingDependency) {
            try await asyncContainer.resolveAsync(Mailer.self)
        }
        let syncContainer = Container()
        syncContainer.autoregister(Mailer.self, initializer: Mailer.makeSynchronously)
        syncContainer.register(Credentials.self) { _ in Credentials(secret: "s") }
        let syncError = #expect(throws: ResolutionError.missingDependency) {
            try syncContainer.resolveOrThrow(Mailer.self)
        }
        #expect(asyncError?.chain == ["Mailer", "Pool"])
        #expect(asyncError?.chain == syncError?.chain)
        let asyncLines = asyncError?.description.split(separator: "\n").filter { !$0.contains("initializer:") }
        let syncLines = syncError?.description.split(separator: "\n").filter { !$0.contains("initializer:") }
        #expect(asyncLines == syncLines)
        #expect(asyncError?.description.contains("initializer: async (Pool, Credentials) -> Mailer") == true)
    }

    @Test func runtimeArgumentsAndOptionalParameters() async throws {
        let container = Container()
        container.autoregister(Pool.self, argument: Int.self, initializer: Pool.connect(id:))
        container.autoregister(Report.self, initializer: Report.init)
        #expect(try await container.resolveAsync(Pool.self, argument: 42).id == 42)
        #expect(try await container.resolveAsync(Report.self).credentials == nil)
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        #expect(try await container.resolveAsync(Report.self).credentials?.secret == "s")
    }

    @Test func verifyReportsAMissingDependencyOfAnAsyncRegistration() throws {
        let container = Container()
        container.autoregister(Mailer.self, initializer: Mailer.init)
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        let error = try #require(throws: VerificationError.self) { try container.verify() }
        #expect(error.issues.map(\.code) == [.missingDependency])
        #expect(
            error.issues.first?.description
                == "Mailer [initializer (Pool, Credentials) -> Mailer] needs Pool (no name), which is not registered. "
                + "Chain: Mailer → Pool (not registered)")
        container.autoregister(Pool.self, initializer: Pool.open).inObjectScope(.container)
        let report = try container.verify()
        #expect(report.unchecked.count == 1)  // the Credentials closure
        let graph = container.dependencyGraph()
        #expect(graph.nodes.contains { $0.service == "Pool" && $0.scope == "container" })
        #expect(graph.edges.count == 2)
    }

    @Test func verifyReportsASynchronousServiceThatNeedsAnAsyncOnlyOne() throws {
        let container = Container()
        container.autoregister(Pool.self, initializer: Pool.open)
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.autoregister(Mailer.self, initializer: Mailer.makeSynchronously)
        let error = try #require(throws: VerificationError.self) { try container.verify() }
        #expect(error.issues.map(\.code) == [.asyncOnlyRegistration])
        #expect(
            error.issues.first?.description
                == "Mailer [initializer (Pool, Credentials) -> Mailer] needs Pool (no name), which is registered only "
                + "with registerAsync: its synchronous factory cannot build it. Give Mailer an async initializer (or "
                + "registerAsync) and resolve it with resolveAsync. Chain: Mailer → Pool (registered only with "
                + "registerAsync)")
    }

    @Test func verifyResolvingEachListsAsyncRegistrationsAsNotResolved() throws {
        let container = Container()
        container.autoregister(Pool.self, initializer: Pool.open)
        let report = try container.verify(.resolvingEach)
        #expect(report.unchecked.count == 1)
        #expect(report.unchecked.first?.contains("cannot await") == true)
    }
}

extension Pool {
    static func open() async throws -> Pool { Pool(id: 0) }
    static func connect(id: Int) async -> Pool { Pool(id: id) }
    static func refuse() async throws -> Pool { throw ConnectFailed(attempt: 0) }
}

final class Mailer: Sendable {
    let pool: Pool
    let credentials: Credentials

    init(pool: Pool, credentials: Credentials) async {
        self.pool = pool
        self.credentials = credentials
    }

    static func makeSynchronously(pool: Pool, credentials: Credentials) -> Mailer {
        Mailer(syncPool: pool, credentials: credentials)
    }

    private init(syncPool: Pool, credentials: Credentials) {
        self.pool = syncPool
        self.credentials = credentials
    }
}

final class Checkout: Sendable {
    let pool: Pool
    let mailer: Mailer
    let credentials: Credentials

    init(pool: Pool, mailer: Mailer, credentials: Credentials) async throws {
        self.pool = pool
        self.mailer = mailer
        self.credentials = credentials
    }
}

final class Report: Sendable {
    let credentials: Credentials?

    init(credentials: Credentials?) async {
        self.credentials = credentials
    }
}
