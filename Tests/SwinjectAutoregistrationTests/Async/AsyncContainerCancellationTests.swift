import Swinject
import SwinjectAutoregistration
import Testing

/// One rule for an async instance created once, through `resolveAsync`, as the Injector has it:
/// a cancelled request returns at once while the creation goes on for the other requests; the last
/// one cancelled cancels the creation; a failure is not kept. Public API only.
@Suite("Async registrations: cancellation and failures of a creation in flight")
struct AsyncContainerCancellationTests {
    /// Cancelling the request that started the creation returns it at once, while the creation is
    /// still held; the other request gets the instance, and the factory never sees a cancellation.
    @Test func aCancelledRequestReturnsAtOnceAndTheCreationGoesOnForTheOthers() async throws {
        let container = Container()
        let started = CancellationGate()
        let release = CancellationGate()
        let sawCancellation = CallCounter()
        container.registerAsync(Pool.self) { _ in
            await started.open()
            await release.wait()
            if Task.isCancelled { sawCancellation.increment() }
            return Pool(id: 1)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let cancelled = Self.resolving(Pool.self, with: resolver)
        await started.wait()
        let kept = Self.resolving(Pool.self, with: resolver)
        // The second request is queued on the creation before the first one is cancelled.
        try await waitUntil { container.asyncWaiterCount(of: Pool.self) == 2 }
        cancelled.cancel()
        let result = try await withTimeout { await cancelled.value }
        guard case .failure(let failure) = result else {
            Issue.record("the cancelled request resolved")
            return
        }
        #expect(failure.code == .cancelled)
        #expect(failure.underlyingError is CancellationError)
        #expect(failure.chain == ["Pool"])
        #expect(
            failure.description
                == "Cannot resolve Pool: the task waiting for it was cancelled; its creation goes on for other waiters."
        )
        await release.open()
        #expect(try await kept.value.get().id == 1)
        #expect(sawCancellation.value == 0)
    }

    /// The last request cancelled says the creation is cancelled too; what the factory then throws
    /// is not kept, and the next request creates the instance.
    @Test func theLastCancelledRequestCancelsTheCreationAndTheNextOneCreatesAgain() async throws {
        let container = Container()
        let attempts = CallCounter()
        let started = CancellationGate()
        let neverOpened = CancellationGate()
        container.registerAsync(Pool.self) { _ in
            let attempt = attempts.increment()
            if attempt == 1 {
                await started.open()
                // False when the creation is cancelled.
                if !(await neverOpened.wait()) { throw CancellationError() }
            }
            return Pool(id: attempt)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let lone = Self.resolving(Pool.self, with: resolver)
        await started.wait()
        lone.cancel()
        let result = try await withTimeout { await lone.value }
        guard case .failure(let failure) = result else {
            Issue.record("the cancelled request resolved")
            return
        }
        #expect(failure.code == .cancelled)
        #expect(
            failure.description
                == "Cannot resolve Pool: the task waiting for it was cancelled; no other task waits for it, "
                + "so its creation is cancelled too.")
        #expect(!failure.description.contains("other waiters"))
        let pool = try await withTimeout { try await resolver.resolveAsync(Pool.self) }
        #expect(pool.id == 2)
        #expect(attempts.value == 2)
    }

    /// A request cancelled inside a factory names its own chain.
    @Test func aCancelledRequestInsideAFactoryNamesItsChain() async throws {
        let container = Container()
        let started = CancellationGate()
        let release = CancellationGate()
        container.registerAsync(Pool.self) { _ in
            await started.open()
            await release.wait()
            return Pool(id: 1)
        }
        .inObjectScope(.container)
        container.registerAsync(APIService.self) { r in
            APIService(pool: try await r.resolveAsync(Pool.self), credentials: Credentials(secret: ""))
        }
        let resolver = container.sendableResolver()
        let kept = Self.resolving(Pool.self, with: resolver)
        await started.wait()
        let cancelled = Self.resolving(APIService.self, with: resolver)
        for _ in 0..<20 { await Task.yield() }
        cancelled.cancel()
        let result = try await withTimeout { await cancelled.value }
        guard case .failure(let failure) = result else {
            Issue.record("the cancelled request resolved")
            return
        }
        #expect(failure.code == .cancelled)
        #expect(failure.chain == ["APIService", "Pool"])
        #expect(failure.description.hasPrefix("Cannot resolve APIService (while creating APIService → Pool): "))
        await release.open()
        #expect(try await kept.value.get().id == 1)
    }

    /// A task cancelled before it asks never starts a creation.
    @Test func aRequestCancelledBeforeItAsksStartsNoCreation() async throws {
        let container = Container()
        let attempts = CallCounter()
        container.registerAsync(Pool.self) { _ in Pool(id: attempts.increment()) }
            .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let code = await Task { () -> ResolutionError.Code? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ResolutionError) {
                _ = try await resolver.resolveAsync(Pool.self)
                return nil
            } catch {
                return error.code
            }
        }.value
        #expect(code == .cancelled)
        #expect(attempts.value == 0)
        #expect(try await resolver.resolveAsync(Pool.self).id == 1)
    }

    /// A creation that throws is not kept: every waiter gets the error, the next request tries
    /// again, and what it creates is kept.
    @Test(arguments: [AsyncObjectScope.container, .weak])
    func aFailedCreationIsNotKept(scope: AsyncObjectScope) async throws {
        let container = Container()
        let attempts = CallCounter()
        let started = CancellationGate()
        let release = CancellationGate()
        container.registerAsync(Pool.self) { _ in
            let attempt = attempts.increment()
            if attempt == 1 {
                await started.open()
                await release.wait()
                throw ConnectFailed(attempt: attempt)
            }
            return Pool(id: attempt)
        }
        .inObjectScope(scope)
        let resolver = container.sendableResolver()
        let first = Task { () -> ResolutionError.Code? in
            do throws(ResolutionError) {
                _ = try await resolver.resolveAsync(Pool.self)
                return nil
            } catch {
                return error.code
            }
        }
        await started.wait()
        let second = Task { () -> ResolutionError.Code? in
            do throws(ResolutionError) {
                _ = try await resolver.resolveAsync(Pool.self)
                return nil
            } catch {
                return error.code
            }
        }
        for _ in 0..<20 { await Task.yield() }
        await release.open()
        #expect(await first.value == .initializerThrew)
        // Queued on the failed creation, or (when it arrived late) a creation of its own.
        let secondCode = await second.value
        #expect(secondCode == .initializerThrew || secondCode == nil)
        let pool = try await resolver.resolveAsync(Pool.self)
        #expect(pool.id >= 2)
        #expect(try await resolver.resolveAsync(Pool.self) === pool)
    }

    /// Two tasks whose creations wait for each other both fail with a chain that closes the loop.
    @Test func twoTasksWaitingForEachOthersCreationFailWithTheChain() async throws {
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
        let errors = try await withTimeout { () -> [ResolutionError] in
            async let first = Self.error { () async throws(ResolutionError) in
                _ = try await resolver.resolveAsync(AsyncCycleA.self)
            }
            async let second = Self.error { () async throws(ResolutionError) in
                _ = try await resolver.resolveAsync(AsyncCycleB.self)
            }
            return await [first, second].compactMap { $0 }
        }
        #expect(errors.count == 2)
        for error in errors {
            #expect(error.code == .cycle)
            #expect(Set(error.chain) == ["AsyncCycleA", "AsyncCycleB"])
            #expect(error.chain.count == 3 && error.chain.first == error.chain.last)
            #expect(error.description.contains("Dependency cycle of length 2"))
        }
    }

    private static func resolving<Service: Sendable>(
        _ service: Service.Type, with resolver: SendableResolver
    ) -> Task<Result<Service, ResolutionError>, Never> {
        Task {
            do throws(ResolutionError) {
                return .success(try await resolver.resolveAsync(Service.self))
            } catch {
                return .failure(error)
            }
        }
    }

    private static func error(_ body: () async throws(ResolutionError) -> Void) async -> ResolutionError? {
        do throws(ResolutionError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}

/// A gate tasks wait at until it opens; a waiter also leaves when its task is cancelled.
actor CancellationGate {
    private var isOpen = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume(returning: true) }
        waiters = [:]
    }

    /// Waits until the gate opens (true) or the task is cancelled (false).
    @discardableResult func wait() async -> Bool {
        if isOpen { return true }
        nextWaiter += 1
        let number = nextWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if isOpen || Task.isCancelled {
                    continuation.resume(returning: isOpen)
                } else {
                    waiters[number] = continuation
                }
            }
        } onCancel: {
            Task { await self.leave(number) }
        }
    }

    private func leave(_ number: Int) {
        waiters.removeValue(forKey: number)?.resume(returning: false)
    }
}
