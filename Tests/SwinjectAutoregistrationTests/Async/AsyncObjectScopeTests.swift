import Swinject
import SwinjectAutoregistration
import Synchronization
import Testing

@Suite("Async registrations: object scopes")
struct AsyncObjectScopeTests {
    @Test func containerScopeCreatesOnceAcrossConcurrentAwaits() async throws {
        let container = Container()
        let creations = CallCounter()
        container.registerAsync(Pool.self) { _ in
            let id = creations.increment()
            // Keeps the creation in flight while the other tasks ask.
            try await Task.sleep(for: .milliseconds(20))
            return Pool(id: id)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await resolver.resolveAsync(Pool.self).id }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(creations.value == 1)
        #expect(ids == [1])
    }

    @Test func aThrownCreationIsNotStoredAndTheNextRequestRetries() async throws {
        let container = Container()
        let attempts = CallCounter()
        container.registerAsync(Pool.self) { _ in
            let attempt = attempts.increment()
            try await Task.sleep(for: .milliseconds(10))
            if attempt == 1 { throw ConnectFailed(attempt: attempt) }
            return Pool(id: attempt)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let outcomes = await withTaskGroup(of: Result<Int, ResolutionError>.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do throws(ResolutionError) {
                        return .success(try await resolver.resolveAsync(Pool.self).id)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: [Result<Int, ResolutionError>]()) { $0.append($1) }
        }
        // Every request made while the first creation was in flight got its error, with the chain.
        for case .failure(let error) in outcomes {
            #expect(error.code == .initializerThrew)
            #expect(error.chain == ["Pool"])
            #expect(error.underlyingError as? ConnectFailed == ConnectFailed(attempt: 1))
        }
        let pool = try await resolver.resolveAsync(Pool.self)
        #expect(pool.id >= 2)
        #expect(try await resolver.resolveAsync(Pool.self) === pool)
    }

    @Test func aCancelledCreatorReturnsAtOnceWhileTheCreationGoesOnForTheWaiter() async throws {
        let container = Container()
        let attempts = CallCounter()
        let release = AsyncStream<Void>.makeStream()
        container.registerAsync(Pool.self) { _ in
            let attempt = attempts.increment()
            // Held until the test lets it go, whether or not its task is cancelled.
            for await _ in release.stream {}
            return Pool(id: attempt)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let creator = Task { try await resolver.resolveAsync(Pool.self) }
        while attempts.value == 0 { await Task.yield() }
        let waiter = Task { try await resolver.resolveAsync(Pool.self) }
        // The waiter is queued behind the creation in flight before the creator is cancelled.
        try await waitUntil { container.asyncWaiterCount(of: Pool.self) == 2 }
        creator.cancel()
        // The creator returns while the creation is still held.
        await #expect(throws: ResolutionError.cancelled) {
            try await withTimeout { try await creator.value }
        }
        release.continuation.finish()
        let pool = try await withTimeout { try await waiter.value }
        #expect(pool.id == 1)
        #expect(attempts.value == 1)
        #expect(try await resolver.resolveAsync(Pool.self) === pool)
    }

    @Test func graphScopeIsSharedWithinOneTopLevelResolve() async throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in Pool(id: 0) }  // .graph is the default
        container.registerAsync(Credentials.self) { _ in Credentials(secret: "s") }.inObjectScope(.transient)
        container.registerAsync(APIService.self) { r in
            APIService(
                pool: try await r.resolveAsync(Pool.self), credentials: try await r.resolveAsync(Credentials.self))
        }
        container.registerAsync(PoolPair.self) { r in
            async let first = r.resolveAsync(APIService.self)
            async let second = r.resolveAsync(Pool.self)
            return PoolPair(first: try await first.pool, second: try await second)
        }
        let pair = try await container.resolveAsync(PoolPair.self)
        #expect(pair.first === pair.second)
        let other = try await container.resolveAsync(PoolPair.self)
        #expect(other.first !== pair.first)
    }

    @Test func transientScopeGivesANewInstanceEachTime() async throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in Pool(id: 1) }.inObjectScope(.transient)
        container.registerAsync(PoolPair.self) { r in
            PoolPair(first: try await r.resolveAsync(Pool.self), second: try await r.resolveAsync(Pool.self))
        }
        let pair = try await container.resolveAsync(PoolPair.self)
        #expect(pair.first !== pair.second)
    }

    @Test func namesAndRuntimeArgumentsSelectTheRegistration() async throws {
        let container = Container()
        container.registerAsync(Pool.self, name: "primary") { _ in Pool(id: 1) }
        container.registerAsync(Pool.self, name: "replica") { _ in Pool(id: 2) }
        container.registerAsync(Pool.self) { (_, id: Int) in Pool(id: id) }
        container.registerAsync(Credentials.self) { (_, user: String, suffix: Int) in
            Credentials(secret: "\(user)\(suffix)")
        }
        #expect(try await container.resolveAsync(Pool.self, name: "primary").id == 1)
        #expect(try await container.resolveAsync(Pool.self, name: "replica").id == 2)
        #expect(try await container.resolveAsync(Pool.self, argument: 7).id == 7)
        #expect(try await container.resolveAsync(Credentials.self, arguments: "ada", 1).secret == "ada1")
        await #expect(throws: ResolutionError.notRegistered) {
            try await container.resolveAsync(Pool.self, name: "missing")
        }
    }

    @Test func aChildContainerSharesItsParentsContainerInstance() async throws {
        let parent = Container()
        let creations = CallCounter()
        parent.registerAsync(Pool.self) { _ in Pool(id: creations.increment()) }.inObjectScope(.container)
        let child = Container(parent: parent)
        let fromChild = try await child.resolveAsync(Pool.self)
        let fromParent = try await parent.resolveAsync(Pool.self)
        #expect(fromChild === fromParent)
        #expect(creations.value == 1)
    }

    @Test func asyncFactoriesResolveSynchronousRegistrations() async throws {
        let container = Container()
        container.register(Credentials.self) { _ in Credentials(secret: "sync") }
        container.registerAsync(Pool.self) { _ in Pool(id: 3) }
        container.autoregister(APIServiceFactory.self, initializer: APIServiceFactory.init)
        container.registerAsync(APIService.self) { r in
            APIService(pool: try await r.resolveAsync(Pool.self), credentials: try r.resolveOrThrow(Credentials.self))
        }
        let service = try await container.resolveAsync(APIService.self)
        #expect(service.credentials.secret == "sync")
        #expect(try await container.resolveAsync(Credentials.self).secret == "sync")
    }
}

final class PoolPair: Sendable {
    let first: Pool
    let second: Pool
    init(first: Pool, second: Pool) {
        self.first = first
        self.second = second
    }
}

struct APIServiceFactory {}
