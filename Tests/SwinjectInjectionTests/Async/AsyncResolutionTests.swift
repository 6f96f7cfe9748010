import Swinject
import SwinjectInjection
import Testing

protocol AsyncFixtureClock: Sendable {}
struct AsyncFixtureSystemClock: AsyncFixtureClock {}
final class AsyncFixtureClient: Sendable {
    let pool: AsyncFixturePool
    let number: Int
    init(pool: AsyncFixturePool, number: Int) {
        self.pool = pool
        self.number = number
    }
}
final class AsyncFixtureImplicit: Injectable, Sendable {
    init?(injector: Injector) {}
}

@Suite struct AsyncResolutionTests {
    /// An async factory creates a new instance per request and awaits its own dependencies.
    @Test func asyncFactoriesCreateAnewAndAwaitTheirDependencies() async throws {
        let injector = Injector(label: "factories")
        let made = AsyncCounter()
        try injector.register(
            as: AsyncFixturePool.self, injection: .asyncSingleton { AsyncFixturePool(number: 0) })
        try injector.register(
            as: AsyncFixtureClient.self,
            injection: .asyncFactory { injector in
                let pool = try await injector.getAsync(AsyncFixturePool.self)
                return AsyncFixtureClient(pool: pool, number: made.increment())
            })
        let first = try await injector.getAsync(AsyncFixtureClient.self)
        let second = try await injector.getAsync(AsyncFixtureClient.self)
        #expect(first !== second)
        #expect([first.number, second.number] == [1, 2])
        #expect(first.pool === second.pool)
    }

    /// The case: a synchronous `get` of an async-only service names the async spelling.
    @Test func synchronousGetOfAnAsyncOnlyServiceNamesTheAsyncSpelling() throws {
        let injector = Injector(label: "services")
        let registeredAt = #line + 1
        try injector.register(
            as: AsyncFixturePool.self, injection: .asyncSingleton { AsyncFixturePool(number: 1) })
        let askedAt = #line + 1
        let error = #expect(throws: InjectionError.asyncOnly) { try injector.get(AsyncFixturePool.self) }
        let text = try #require(error?.description)
        #expect(text.contains("has only an async registration in injector 'services'"), "\(text)")
        #expect(text.contains("`try await injector.getAsync(AsyncFixturePool.self)`"), "\(text)")
        let file = "SwinjectInjectionTests/AsyncResolutionTests.swift"
        #expect(text.contains("registered with .asyncSingleton at \(file):\(registeredAt)"), "\(text)")
        // The error points at the call to change, not at the registration.
        #expect(error?.fileID == file)
        #expect(error?.line == askedAt)
        #expect(text.hasSuffix("[at \(file):\(askedAt)]"), "\(text)")
        #expect(injector[AsyncFixturePool.self] == nil)
    }

    /// Variant: a named async factory asked for by a synchronous factory's `get`: the error names
    /// the line inside that factory, the name in the async spelling, and the chain.
    @Test func synchronousGetInsideAFactoryNamesThatLine() throws {
        let injector = Injector(label: "named")
        try injector.register(
            as: AsyncFixturePool.self, name: "replica", injection: .asyncFactory { AsyncFixturePool(number: 2) })
        let sink = AsyncOnlyErrorSink()
        let askedAt = #line + 6
        try injector.register(
            as: AsyncFixtureClient.self,
            injection: .factory {
                // Runs on the test's thread, inside its `get`.
                do throws(InjectionError) {
                    _ = try injector.get(AsyncFixturePool.self, name: "replica")
                } catch {
                    sink.error = error
                }
                return AsyncFixtureClient(pool: AsyncFixturePool(number: 0), number: 0)
            })
        #expect(try injector.get(AsyncFixtureClient.self).pool.number == 0)
        let error = try #require(sink.error)
        #expect(error.code == .asyncOnly)
        #expect(error.line == askedAt)
        #expect(
            error.chain == ["SwinjectInjectionTests.AsyncFixtureClient", "SwinjectInjectionTests.AsyncFixturePool"])
        let text = error.description
        #expect(text.contains("`try await injector.getAsync(AsyncFixturePool.self, name: \"replica\")`"), "\(text)")
        #expect(text.contains("registered with .asyncFactory at"), "\(text)")
    }

    /// Variant: an existential service behind an async factory, asked for synchronously by a
    /// lazy singleton's factory: the chain names both, and the hint spells the existential.
    @Test func synchronousDependencyOnAnAsyncOnlyServiceNamesTheChain() throws {
        let injector = Injector(label: "chain")
        try injector.register(
            as: (any AsyncFixtureClock).self, injection: .asyncFactory { AsyncFixtureSystemClock() })
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .lazySingleton {
                _ = injector[(any AsyncFixtureClock).self]
                return AsyncFixturePool(number: 1)
            })
        try injector.register(
            as: AsyncFixtureClient.self,
            injection: .factory {
                let clock = try? injector.get((any AsyncFixtureClock).self)
                return AsyncFixtureClient(pool: AsyncFixturePool(number: clock == nil ? 0 : 1), number: 0)
            })
        #expect(try injector.get(AsyncFixtureClient.self).pool.number == 0)
        let error = #expect(throws: InjectionError.asyncOnly) { try injector.get((any AsyncFixtureClock).self) }
        #expect(
            error?.description.contains("getAsync((any AsyncFixtureClock).self)") == true,
            "\(String(describing: error))")
        #expect(error?.description.contains("registered with .asyncFactory") == true)
    }

    /// `getAsync` serves every synchronous kind: singletons, lazy singletons, factories, implicit
    /// `Injectable` creation and Swinject registrations on the injector's container.
    @Test func getAsyncServesSynchronousRegistrations() async throws {
        let injector = Injector(label: "sync")
        try injector.register(as: (any AsyncFixtureClock).self, injection: .singleton(AsyncFixtureSystemClock()))
        try injector.register(
            as: AsyncFixturePool.self, name: "lazy", injection: .lazySingleton { AsyncFixturePool(number: 1) })
        try injector.register(
            as: AsyncFixturePool.self, name: "factory", injection: .factory { AsyncFixturePool(number: 2) })
        injector.container.register(AsyncFixturePool.self, name: "swinject") { _ in AsyncFixturePool(number: 3) }
        _ = try await injector.getAsync((any AsyncFixtureClock).self)
        let lazy = try await injector.getAsync(AsyncFixturePool.self, name: "lazy")
        #expect(try await injector.getAsync(AsyncFixturePool.self, name: "lazy") === lazy)
        #expect(try await injector.getAsync(AsyncFixturePool.self, name: "factory").number == 2)
        #expect(try await injector.getAsync(AsyncFixturePool.self, name: "swinject").number == 3)
        _ = try await injector.getAsync(AsyncFixtureImplicit.self)
        let clock: any AsyncFixtureClock = try await injector.getAsync()
        #expect(clock is AsyncFixtureSystemClock)
    }

    /// A missing dependency of an async factory is `not-registered` with the async chain in front.
    @Test func aMissingDependencyInsideAnAsyncCreationNamesTheChain() async throws {
        let injector = Injector(label: "missing")
        try injector.register(
            as: AsyncFixtureClient.self,
            injection: .asyncFactory { injector in
                AsyncFixtureClient(pool: try await injector.getAsync(AsyncFixturePool.self), number: 0)
            })
        let error = await #expect(throws: InjectionError.notRegistered) {
            try await injector.getAsync(AsyncFixtureClient.self)
        }
        #expect(
            error?.chain == [String(reflecting: AsyncFixtureClient.self), String(reflecting: AsyncFixturePool.self)])
        #expect(error?.fileID.hasSuffix("AsyncResolutionTests.swift") == true)
    }

    /// Registering an async injection for a key that is taken follows the injector's rewrite rule.
    @Test func asyncRegistrationsFollowTheRewriteRule() async throws {
        let strict = Injector(label: "strict")
        try strict.register(as: AsyncFixturePool.self, injection: .singleton(AsyncFixturePool(number: 1)))
        #expect(throws: InjectionError.alreadyRegistered) {
            try strict.register(as: AsyncFixturePool.self, injection: .asyncSingleton { AsyncFixturePool(number: 2) })
        }
        let lenient = Injector(label: "lenient", allowsRewrite: true)
        try lenient.register(as: AsyncFixturePool.self, injection: .singleton(AsyncFixturePool(number: 1)))
        try lenient.register(as: AsyncFixturePool.self, injection: .asyncSingleton { AsyncFixturePool(number: 2) })
        #expect(try await lenient.getAsync(AsyncFixturePool.self).number == 2)
    }
}

/// Holds the error a factory caught; written and read on the test's thread only.
private final class AsyncOnlyErrorSink: @unchecked Sendable {
    var error: InjectionError?
}
