import SwinjectInjection
import Testing

final class AsyncCycleA: Sendable {}
final class AsyncCycleB: Sendable {}
final class AsyncCycleC: Sendable {}

@Suite struct AsyncCycleTests {
    /// The case: async singletons that need each other fail with the chain instead of
    /// waiting for each other forever; the hang guard fails the test if they deadlock.
    @Test func aCycleAmongAsyncSingletonsIsAnErrorWithTheChain() async throws {
        let injector = Injector(label: "cycle")
        try injector.register(
            as: AsyncCycleA.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(AsyncCycleB.self)
                return AsyncCycleA()
            })
        try injector.register(
            as: AsyncCycleB.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(AsyncCycleA.self)
                return AsyncCycleB()
            })
        let outcome = try await withHangGuard { () -> InjectionError? in
            do throws(InjectionError) {
                _ = try await injector.getAsync(AsyncCycleA.self)
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(outcome)
        #expect(error == .cycle)
        let a = String(reflecting: AsyncCycleA.self)
        let b = String(reflecting: AsyncCycleB.self)
        #expect(error.chain == [a, b, a])
        #expect(error.description.contains("\(a) → \(b) → \(a)"), "\(error)")
    }

    /// Variant: the two ends of the cycle are first requested by two tasks at once, so each
    /// creation is in flight in its own task when it asks for the other: the wait-for graph, not
    /// the task-local chain, finds it. Both requests fail with `cycle`.
    @Test func crossingCreationsInTwoTasksAreACycleNotADeadlock() async throws {
        let injector = Injector(label: "crossing")
        let aStarted = AsyncGate()
        let bStarted = AsyncGate()
        try injector.register(
            as: AsyncCycleA.self,
            injection: .asyncSingleton { injector in
                await aStarted.open()
                await bStarted.wait()
                _ = try await injector.getAsync(AsyncCycleB.self)
                return AsyncCycleA()
            })
        try injector.register(
            as: AsyncCycleB.self,
            injection: .asyncSingleton { injector in
                await bStarted.open()
                await aStarted.wait()
                _ = try await injector.getAsync(AsyncCycleA.self)
                return AsyncCycleB()
            })
        let codes = try await withHangGuard { () -> [InjectionError.Code?] in
            async let first = Self.code { _ = try await injector.getAsync(AsyncCycleA.self) }
            async let second = Self.code { _ = try await injector.getAsync(AsyncCycleB.self) }
            return await [first, second]
        }
        #expect(codes == [InjectionError.Code.cycle, .cycle])
    }

    /// Variant: a longer cycle through an async factory and a synchronous registration's
    /// neighbour (A → C (factory) → B → A).
    @Test func aCycleThroughAnAsyncFactoryNamesEveryStep() async throws {
        let injector = Injector(label: "long")
        try injector.register(
            as: AsyncCycleA.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(AsyncCycleC.self)
                return AsyncCycleA()
            })
        try injector.register(
            as: AsyncCycleC.self,
            injection: .asyncFactory { injector in
                _ = try await injector.getAsync(AsyncCycleB.self)
                return AsyncCycleC()
            })
        try injector.register(
            as: AsyncCycleB.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(AsyncCycleA.self)
                return AsyncCycleB()
            })
        let code = try await withHangGuard { await Self.code { _ = try await injector.getAsync(AsyncCycleA.self) } }
        #expect(code == .cycle)
        let error = await #expect(throws: InjectionError.cycle) { try await injector.getAsync(AsyncCycleB.self) }
        #expect(
            error?.chain
                == [AsyncCycleB.self, AsyncCycleA.self, AsyncCycleC.self, AsyncCycleB.self].map {
                    String(reflecting: $0)
                })
    }

    static func code(_ body: () async throws -> Void) async -> InjectionError.Code? {
        do {
            try await body()
            return nil
        } catch {
            return (error as? InjectionError)?.code
        }
    }
}
