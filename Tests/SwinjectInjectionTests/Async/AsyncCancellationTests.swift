import SwinjectInjection
import Testing

@Suite struct AsyncCancellationTests {
    /// Cancelling one waiter stops that waiter at once (`cancelled`) while the creation goes on and
    /// the other waiter gets the instance.
    @Test func cancellingOneWaiterLeavesTheCreationToTheOthers() async throws {
        let injector = Injector(label: "cancel-one")
        let started = AsyncGate()
        let release = AsyncGate()
        let creationSawCancellation = AsyncCounter()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                await started.open()
                await release.wait()
                if Task.isCancelled { creationSawCancellation.increment() }
                return AsyncFixturePool(number: 1)
            })
        let cancelled = Task { try await injector.getAsync(AsyncFixturePool.self) }
        let kept = Task { try await injector.getAsync(AsyncFixturePool.self) }
        await started.wait()
        // The creation starts before the task that launched it queues as a waiter, and the other
        // task may not have joined yet: wait until both are queued, so that a waiter remains
        // when one is cancelled.
        try await withHangGuard {
            while injector.asyncWaiterCount(of: AsyncFixturePool.self) < 2 {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        cancelled.cancel()
        // The cancelled waiter returns while the creation is still held at the gate.
        let error = await #expect(throws: InjectionError.cancelled) { try await cancelled.value }
        #expect(error?.description.contains("its creation goes on for other waiters") == true)
        await release.open()
        #expect(try await kept.value.number == 1)
        #expect(creationSawCancellation.value == 0)
    }

    /// A waiter cancelled while no other task waits is not told the creation goes on.
    @Test func aLoneCancelledWaiterIsNotToldOfOtherWaiters() async throws {
        let injector = Injector(label: "cancel-lone")
        let started = AsyncGate()
        let neverOpened = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                await started.open()
                if !(await neverOpened.wait()) { throw CancellationError() }
                return AsyncFixturePool(number: 1)
            })
        let lone = Task { try await injector.getAsync(AsyncFixturePool.self) }
        await started.wait()
        lone.cancel()
        let error = await #expect(throws: InjectionError.cancelled) { try await lone.value }
        let description = try #require(error?.description)
        #expect(
            description.contains(
                "the task waiting for it was cancelled; no other task waits for it, so its creation is cancelled too"))
        #expect(!description.contains("other waiters"))
    }

    /// Cancelling every waiter cancels the creation; what it then throws is not kept and the next
    /// request starts a new creation.
    @Test func cancellingEveryWaiterCancelsTheCreationAndTheNextRequestCreatesAgain() async throws {
        let injector = Injector(label: "cancel-all")
        let attempts = AsyncCounter()
        let started = AsyncGate()
        let neverOpened = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                let attempt = attempts.increment()
                if attempt == 1 {
                    await started.open()
                    // Returns false when the creation's task is cancelled.
                    if !(await neverOpened.wait()) { throw CancellationError() }
                }
                return AsyncFixturePool(number: attempt)
            })
        let waiters = (0..<10).map { _ in Task { try await injector.getAsync(AsyncFixturePool.self) } }
        await started.wait()
        for waiter in waiters { waiter.cancel() }
        for waiter in waiters {
            await #expect(throws: InjectionError.cancelled) { try await waiter.value }
        }
        let pool = try await withHangGuard { try await injector.getAsync(AsyncFixturePool.self) }
        #expect(pool.number == 2)
        #expect(attempts.value == 2)
    }

    /// Variant: a factory that ignores cancellation and succeeds after every waiter left; its
    /// instance is kept (never created twice, never lost unshut).
    @Test func aCreationThatFinishesAfterEveryWaiterLeftIsKept() async throws {
        let injector = Injector(label: "cancel-all-kept")
        let attempts = AsyncCounter()
        let started = AsyncGate()
        let release = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                let attempt = attempts.increment()
                await started.open()
                while !(await release.wait()) {}
                return AsyncFixturePool(number: attempt)
            })
        let waiter = Task { try await injector.getAsync(AsyncFixturePool.self) }
        await started.wait()
        waiter.cancel()
        await #expect(throws: InjectionError.cancelled) { try await waiter.value }
        // A request while the cancelled creation still runs waits for it.
        let next = Task { try await injector.getAsync(AsyncFixturePool.self) }
        await release.open()
        #expect(try await next.value.number == 1)
        #expect(attempts.value == 1)
    }

    /// A waiter cancelled inside an async factory names its own chain: the error is built in the
    /// waiting task, not in the task that cancelled it.
    @Test func aCancelledWaiterInsideAFactoryNamesItsChain() async throws {
        let injector = Injector(label: "cancel-chain")
        let started = AsyncGate()
        let release = AsyncGate()
        try injector.register(
            as: AsyncFixturePool.self,
            injection: .asyncSingleton {
                await started.open()
                await release.wait()
                return AsyncFixturePool(number: 1)
            })
        let asking = AsyncGate()
        try injector.register(
            as: AsyncFixtureClient.self,
            injection: .asyncFactory { injector in
                await asking.open()
                return AsyncFixtureClient(pool: try await injector.getAsync(AsyncFixturePool.self), number: 0)
            })
        let kept = Task { try await injector.getAsync(AsyncFixturePool.self) }
        await started.wait()
        let cancelled = Task { try await injector.getAsync(AsyncFixtureClient.self) }
        // The factory is about to wait for the pool, or waits already: cancelled either way, the
        // waiter reports its own chain.
        await asking.wait()
        for _ in 0..<10 { await Task.yield() }
        cancelled.cancel()
        let error = await #expect(throws: InjectionError.cancelled) { try await cancelled.value }
        #expect(
            error?.chain == ["SwinjectInjectionTests.AsyncFixtureClient", "SwinjectInjectionTests.AsyncFixturePool"])
        #expect(error?.description.contains("AsyncFixtureClient → SwinjectInjectionTests.AsyncFixturePool") == true)
        await release.open()
        #expect(try await kept.value.number == 1)
    }
}
