import SwinjectInjection
import Testing

struct AsyncFixtureConnectError: Error, CustomStringConvertible {
    var description: String { "connection refused (db.internal:5432)" }
}

@Suite struct AsyncSingletonTests {
    /// The case: 1,000 tasks ask for a singleton whose creation is in flight; one
    /// creation, every task the same instance.
    @Test func thousandConcurrentFirstRequestsShareOneCreation() async throws {
        let injector = Injector(label: "async")
        let creations = AsyncCounter()
        let started = AsyncGate()
        let release = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                let number = creations.increment()
                await started.open()
                await release.wait()
                return AsyncFixturePool(number: number)
            })
        let pools = try await withThrowingTaskGroup(of: AsyncFixturePool.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await injector.getAsync(AsyncFixturePool.self) }
            }
            await started.wait()
            await release.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(creations.value == 1)
        #expect(pools.count == 1_000)
        #expect(pools.allSatisfy { $0 === pools[0] })
        // Later requests read the created instance.
        #expect(try await injector.getAsync(AsyncFixturePool.self) === pools[0])
    }

    /// Variant: a named registration in a parent injector, asked through 200 child injectors'
    /// requests and the parent's own; still one creation.
    @Test func concurrentRequestsThroughChildInjectorsShareTheParentsCreation() async throws {
        let parent = Injector(label: "parent")
        let creations = AsyncCounter()
        try parent.register(
            as: AsyncFixturePool.self, name: "primary",
            injection: .asyncSingleton {
                await Task.yield()
                return AsyncFixturePool(number: creations.increment())
            })
        let children = (0..<200).map { parent.makeChild(label: "child \($0)") }
        let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
            for child in children {
                group.addTask { try await child.getAsync(AsyncFixturePool.self, name: "primary").number }
                group.addTask { try await parent.getAsync(AsyncFixturePool.self, name: "primary").number }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(creations.value == 1)
        #expect(numbers == [1])
    }

    /// A creation that throws is not stored: every waiter gets the error with the chain, and the
    /// next request creates again.
    @Test func aFailedCreationReachesEveryWaiterAndTheNextRequestRetries() async throws {
        let injector = Injector(label: "flaky")
        let attempts = AsyncCounter()
        let started = AsyncGate()
        let release = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                let attempt = attempts.increment()
                if attempt == 1 {
                    await started.open()
                    await release.wait()
                    throw AsyncFixtureConnectError()
                }
                return AsyncFixturePool(number: attempt)
            })
        let arrivals = AsyncCounter()
        let errors = await withTaskGroup(of: InjectionError?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    arrivals.increment()
                    do throws(InjectionError) {
                        _ = try await injector.getAsync(AsyncFixturePool.self)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            await started.wait()
            // Every request must be waiting when the creation fails: one that arrives after the
            // failure starts a new creation, which succeeds.
            while arrivals.value < 50 { await Task.yield() }
            try? await Task.sleep(nanoseconds: 200_000_000)
            await release.open()
            return await group.reduce(into: [InjectionError?]()) { $0.append($1) }
        }
        #expect(errors.count == 50)
        for error in errors {
            let error = try #require(error)
            #expect(error == .factoryThrew)
            #expect(error.underlyingError is AsyncFixtureConnectError)
            #expect(error.chain.last == String(reflecting: AsyncFixturePool.self))
            #expect(error.description.contains("connection refused (db.internal:5432)"), "\(error)")
        }
        let pool = try await injector.getAsync(AsyncFixturePool.self)
        #expect(pool.number == 2)
        #expect(attempts.value == 2)
    }

    /// Variant: the dependency of a singleton throws; the dependent's waiters get the
    /// dependency's error with the whole chain, and neither is stored.
    @Test func aFailedDependencyFailsTheDependentWithTheWholeChain() async throws {
        let injector = Injector(label: "chain")
        let attempts = AsyncCounter()
        try injector.register(
            as: AsyncFixtureConnectError.self,
            injection: .asyncSingleton {
                if attempts.increment() == 1 { throw AsyncFixtureConnectError() }
                return AsyncFixtureConnectError()
            })
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(AsyncFixtureConnectError.self)
                return AsyncFixturePool(number: 7)
            })
        let error = await #expect(throws: InjectionError.factoryThrew) {
            try await injector.getAsync(AsyncFixturePool.self)
        }
        #expect(
            error?.chain == [
                String(reflecting: AsyncFixturePool.self), String(reflecting: AsyncFixtureConnectError.self),
            ])
        #expect(try await injector.getAsync(AsyncFixturePool.self).number == 7)
        #expect(attempts.value == 2)
    }
}
