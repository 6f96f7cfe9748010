import SwinjectInjection
import SwinjectKitTesting
import Testing

/// A created async singleton read again is served without the registry's lock, as `get` serves a
/// registration it read before. Every case reads more than once so the later reads take that
/// path; replacing or removing the registration must end it. Public API only.
@Suite("Async singletons read without the lock")
struct AsyncLockFreeReadTests {
    private final class Pool: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    @Test func theCreatedSingletonIsTheSameInstanceOnEveryRead() async throws {
        let injector = Injector(label: "async-lock-free")
        let creations = AsyncCounter()
        try injector.register(
            as: Pool.self,
            injection: .asyncSingleton {
                creations.increment()
                return Pool(number: 1)
            })
        let first = try await injector.getAsync(Pool.self)
        for _ in 0..<3 {
            #expect(try await injector.getAsync(Pool.self) === first)
        }
        #expect(creations.value == 1)
    }

    @Test func aReplacedOrRemovedSingletonIsNotServedAgain() async throws {
        let injector = Injector(label: "async-lock-free", allowsRewrite: true)
        try injector.register(as: Pool.self, injection: .asyncSingleton { Pool(number: 1) })
        #expect(try await injector.getAsync(Pool.self).number == 1)
        #expect(try await injector.getAsync(Pool.self).number == 1)
        try injector.register(as: Pool.self, injection: .asyncSingleton { Pool(number: 2) })
        #expect(try await injector.getAsync(Pool.self).number == 2)
        #expect(try await injector.getAsync(Pool.self).number == 2)
        try injector.register(as: Pool.self, injection: .singleton(Pool(number: 3)))
        #expect(try await injector.getAsync(Pool.self).number == 3)
        try injector.unregister(type: Pool.self)
        await #expect(throws: InjectionError.notRegistered) { try await injector.getAsync(Pool.self) }
    }

    @Test func aNamedSingletonIsNotTheUnnamedOne() async throws {
        let injector = Injector(label: "async-lock-free")
        try injector.register(as: Pool.self, injection: .asyncSingleton { Pool(number: 1) })
        try injector.register(as: Pool.self, name: "replica", injection: .asyncSingleton { Pool(number: 2) })
        for _ in 0..<2 {
            #expect(try await injector.getAsync(Pool.self).number == 1)
            #expect(try await injector.getAsync(Pool.self, name: "replica").number == 2)
        }
    }

    @Test func anOverrideScopeStillWins() async throws {
        let injector = Injector(label: "async-lock-free")
        try injector.register(as: Pool.self, injection: .asyncSingleton { Pool(number: 1) })
        #expect(try await injector.getAsync(Pool.self).number == 1)
        #expect(try await injector.getAsync(Pool.self).number == 1)
        let overridden = try await withOverrides(
            .injector(injector) { scope in try scope.register(as: Pool.self, injection: .singleton(Pool(number: 9))) }
        ) {
            try await injector.getAsync(Pool.self).number
        }
        #expect(overridden == 9)
        #expect(try await injector.getAsync(Pool.self).number == 1)
    }
}
