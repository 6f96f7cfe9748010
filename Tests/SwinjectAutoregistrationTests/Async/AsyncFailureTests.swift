import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Async registrations: failures")
struct AsyncFailureTests {
    @Test(arguments: [AsyncObjectScope.container, .graph, .transient])
    func aCycleAmongAsyncRegistrationsIsAnErrorNotADeadlock(scope: AsyncObjectScope) async throws {
        let container = Container()
        container.registerAsync(AsyncCycleA.self) { r in
            _ = try await r.resolveAsync(AsyncCycleB.self)
            return AsyncCycleA()
        }
        .inObjectScope(scope)
        container.registerAsync(AsyncCycleB.self) { r in
            _ = try await r.resolveAsync(AsyncCycleA.self)
            return AsyncCycleB()
        }
        .inObjectScope(scope)
        let resolver = container.sendableResolver()
        let error = try await withTimeout { () -> ResolutionError? in
            do throws(ResolutionError) {
                _ = try await resolver.resolveAsync(AsyncCycleA.self)
                return nil
            } catch {
                return error
            }
        }
        let failure = try #require(error)
        #expect(failure.code == .cycle)
        #expect(failure.chain == ["AsyncCycleA", "AsyncCycleB", "AsyncCycleA"])
        #expect(failure.description.contains("Dependency cycle of length 2: AsyncCycleA → AsyncCycleB → AsyncCycleA"))
    }

    @Test func twoTasksWaitingForEachOthersCreationFailInsteadOfHanging() async throws {
        // A's factory waits until B's creation is in flight in another task, and B's for A's, so
        // each task ends up waiting for the creation the other one holds.
        let container = Container()
        let started = StartedBoth()
        container.registerAsync(AsyncCycleA.self) { r in
            await started.arrive()
            _ = try await r.resolveAsync(AsyncCycleB.self)
            return AsyncCycleA()
        }
        .inObjectScope(.container)
        container.registerAsync(AsyncCycleB.self) { r in
            await started.arrive()
            _ = try await r.resolveAsync(AsyncCycleA.self)
            return AsyncCycleB()
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let codes = try await withTimeout { () -> [ResolutionError.Code] in
            async let first = Self.code { () async throws(ResolutionError) in
                _ = try await resolver.resolveAsync(AsyncCycleA.self)
            }
            async let second = Self.code { () async throws(ResolutionError) in
                _ = try await resolver.resolveAsync(AsyncCycleB.self)
            }
            return await [first, second].compactMap { $0 }
        }
        #expect(codes == [.cycle, .cycle])
    }

    @Test func syncResolveOfAnAsyncOnlyServiceIsNilAndResolveOrThrowNamesResolveAsync() throws {
        let container = Container()
        container.registerAsync(Pool.self, name: "primary") { _ in Pool(id: 1) }
        #expect(container.resolve(Pool.self, name: "primary") == nil)
        // Called outside `#require`, whose expansion would give the call its own line.
        let line = #line + 1
        let result = Result { () throws(ResolutionError) in try container.resolveOrThrow(Pool.self, name: "primary") }
        guard case .failure(let error) = result else {
            Issue.record("resolved a service registered only async")
            return
        }
        #expect(error.code == .asyncOnlyRegistration)
        #expect(
            error.description
                == "Cannot resolve Pool (name: \"primary\"): it is registered only with registerAsync, which a "
                + "synchronous resolve cannot run. Resolve it with "
                + "`try await container.resolveAsync(Pool.self, name: \"primary\")`. "
                + "[at SwinjectAutoregistrationTests/AsyncFailureTests.swift:\(line)]")
    }

    /// Variant: with runtime arguments, through a ``SendableResolver``: the message spells the
    /// arguments and names the line of the resolver's caller.
    @Test func resolveOrThrowWithArgumentsOfAnAsyncOnlyServiceNamesTheCallersLine() throws {
        let container = Container()
        container.registerAsync(Pool.self) { (_: AsyncResolver, id: Int, _: String) in Pool(id: id) }
        let resolver = container.sendableResolver()
        // Called outside `#require`, whose expansion would give the call its own line.
        let line = #line + 1
        let result = Result { () throws(ResolutionError) in try resolver.resolveOrThrow(Pool.self, arguments: 1, "eu") }
        guard case .failure(let error) = result else {
            Issue.record("resolved a service registered only async")
            return
        }
        #expect(error.code == .asyncOnlyRegistration)
        #expect(error.description.contains("`try await container.resolveAsync(Pool.self, arguments: …, …)`"))
        #expect(error.description.hasSuffix("[at SwinjectAutoregistrationTests/AsyncFailureTests.swift:\(line)]"))
        #expect(resolver.resolve(Pool.self, arguments: 1, "eu") == nil)
    }

    @Test func aMissingDependencyOfAnAsyncFactoryShowsTheChain() async throws {
        let container = Container()
        container.registerAsync(APIService.self) { r in
            APIService(
                pool: try await r.resolveAsync(Pool.self), credentials: try await r.resolveAsync(Credentials.self))
        }
        container.registerAsync(Pool.self) { _ in Pool(id: 1) }
        let error = await #expect(throws: ResolutionError.missingDependency) {
            try await container.resolveAsync(APIService.self)
        }
        #expect(error?.chain == ["APIService", "Credentials"])
        #expect(error?.description.contains("missing dependency: Credentials, name: none") == true)
        // A closure is a factory, not an initializer.
        #expect(error?.description.contains("  factory: async closure\n") == true)
        #expect(error?.description.contains("initializer") == false)
    }

    @Test func whatAFactoryThrowsFailsTheResolveWithTheChain() async throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in throw ConnectFailed(attempt: 1) }
        container.registerAsync(APIService.self) { r in
            APIService(pool: try await r.resolveAsync(Pool.self), credentials: Credentials(secret: ""))
        }
        let error = await #expect(throws: ResolutionError.initializerThrew) {
            try await container.resolveAsync(APIService.self)
        }
        #expect(error?.chain == ["APIService", "Pool"])
        #expect(error?.underlyingError as? ConnectFailed == ConnectFailed(attempt: 1))
        #expect(error?.description.hasPrefix("Cannot resolve APIService: the factory of Pool threw") == true)
        #expect(error?.description.contains("  factory: async closure\n") == true)
        #expect(error?.description.contains("initializer") == false)
    }

    @Test func aSynchronousFailureInsideAnAsyncFactoryContinuesTheChain() async throws {
        let container = Container()
        container.autoregister(SyncLeaf.self, initializer: SyncLeaf.init)
        container.registerAsync(APIService.self) { r in
            _ = try r.resolveOrThrow(SyncLeaf.self)
            return APIService(pool: Pool(id: 0), credentials: Credentials(secret: ""))
        }
        let error = await #expect(throws: ResolutionError.missingDependency) {
            try await container.resolveAsync(APIService.self)
        }
        #expect(error?.chain == ["APIService", "SyncLeaf", "Pool"])
    }

    private static func code(_ body: () async throws(ResolutionError) -> Void) async -> ResolutionError.Code? {
        do throws(ResolutionError) {
            try await body()
            return nil
        } catch {
            return error.code
        }
    }
}

/// Lets two factories continue only once both have started.
actor StartedBoth {
    private var count = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func arrive() async {
        count += 1
        if count >= 2 {
            for waiter in waiting { waiter.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

final class SyncLeaf {
    init(pool: Pool) {}
}
