import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Testing

/// One rule for a task cancelled while it waits for an async singleton, through the `Injector` and
/// through `Container.resolveAsync`: it returns at once with a cancelled error whose underlying
/// error is a `CancellationError`; the creation goes on for the tasks still waiting, the one that
/// started it included, and is cancelled when none waits.
@Suite struct ConcurrencyCancelledWaiterTests {
    /// How a test reaches one async singleton whose factory is `make`.
    struct Path: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Registers `make` as a singleton and returns how to ask for it.
        let register: @Sendable (_ make: @escaping @Sendable () async throws -> Pool) throws -> Asker

        typealias Asker = @Sendable () async throws -> Pool

        static let injector = Path(testDescription: "Injector") { make in
            let injector = Injector(label: "cancel-rule")
            try injector.register(as: Pool.self, injection: .asyncSingleton { try await make() })
            return { try await injector.getAsync(Pool.self) }
        }

        static let container = Path(testDescription: "Container") { make in
            let container = Container()
            container.registerAsync(Pool.self) { _ in try await make() }.inObjectScope(.container)
            let resolver = container.sendableResolver()
            return { try await resolver.resolveAsync(Pool.self) }
        }
    }

    final class Pool: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    /// Whether `error` is the cancelled error of either path, with a `CancellationError` inside.
    static func isCancelled(_ error: any Error) -> Bool {
        if let error = error as? InjectionError {
            return error.code == .cancelled && error.underlyingError is CancellationError
        }
        if let error = error as? ResolutionError {
            return error.code == .cancelled && error.underlyingError is CancellationError
        }
        return false
    }

    /// The cancelled tasks, the one that started the creation among them, return while the
    /// creation is held; the others get the one instance, from a factory that never saw a
    /// cancellation. Other tasks ask for it the whole time.
    @Test(arguments: [Path.injector, Path.container])
    func cancelledWaitersReturnAtOnceAndTheCreationGoesOn(_ path: Path) async throws {
        for _ in 0..<10 {
            let attempts = Counter()
            let started = Gate()
            let release = Gate()
            let ask = try path.register {
                let attempt = await attempts.increment()
                await started.open()
                // False when the creation's task is cancelled: it must not be.
                guard await release.wait() else { throw CancellationError() }
                return Pool(number: attempt)
            }
            let creator = Task { try await ask() }
            await started.wait()
            let cancelled = (0..<4).map { _ in Task { try await ask() } }
            let kept = (0..<4).map { _ in Task { try await ask() } }
            // Meanwhile, on other threads, more tasks ask and stay.
            let others = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<8 { group.addTask { try await ask().number } }
                    return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
                }
            }
            // Gives the tasks that stay time to queue: the creation is cancelled if none waits.
            try await Task.sleep(for: .milliseconds(100))
            creator.cancel()
            for task in cancelled { task.cancel() }
            // Opens the gate if a cancelled task is still waiting long after it was cancelled.
            let fallback = Task {
                try await Task.sleep(for: .seconds(20))
                await release.open()
            }
            for task in [creator] + cancelled {
                let result = await task.result
                guard case .failure(let error) = result else {
                    Issue.record("a cancelled task got an instance")
                    continue
                }
                #expect(Self.isCancelled(error), "\(error)")
                #expect(!(await release.isOpen), "a cancelled task waited for the creation")
            }
            fallback.cancel()
            await release.open()
            for task in kept { #expect(try await task.value.number == 1) }
            #expect(try await others.value == [1])
            #expect(await attempts.value == 1)
        }
    }

    /// The last waiter cancelled cancels the creation; what it then throws is not kept, and the
    /// next request creates the instance anew.
    @Test(arguments: [Path.injector, Path.container])
    func theLastCancelledWaiterCancelsTheCreation(_ path: Path) async throws {
        for _ in 0..<20 {
            let attempts = Counter()
            let started = Gate()
            let neverOpened = Gate()
            let ask = try path.register {
                let attempt = await attempts.increment()
                if attempt == 1 {
                    await started.open()
                    guard await neverOpened.wait() else { throw CancellationError() }
                }
                return Pool(number: attempt)
            }
            let lone = Task { try await ask() }
            await started.wait()
            lone.cancel()
            let result = await lone.result
            guard case .failure(let error) = result else {
                Issue.record("the cancelled task got an instance")
                continue
            }
            #expect(Self.isCancelled(error), "\(error)")
            #expect("\(error)".contains("no other task was waiting, so its creation was cancelled too"))
            #expect(!"\(error)".contains("goes on for other waiters"))
            #expect(try await ask().number == 2)
        }
    }

    /// The words of the cancelled error on the `Container` path: the service, what became of the
    /// creation, and the chain.
    @Test func theContainerErrorSaysWhatBecameOfTheCreation() async throws {
        let started = Gate()
        let release = Gate()
        let ask = try Path.container.register {
            await started.open()
            await release.wait()
            return Pool(number: 1)
        }
        let first = Task { try await ask() }
        await started.wait()
        let second = Task { try await ask() }
        try await Task.sleep(for: .milliseconds(100))
        first.cancel()
        let error = await #expect(throws: ResolutionError.cancelled) { try await first.value }
        let description = try #require(error?.description)
        #expect(description.hasPrefix("Cannot resolve Pool: the task waiting for Pool was cancelled; "))
        #expect(description.contains("its creation goes on for other waiters.\n  chain: Pool"))
        #expect(error?.chain == ["Pool"])
        await release.open()
        #expect(try await second.value.number == 1)
    }

    /// A task cancelled before it asks starts no creation.
    @Test(arguments: [Path.injector, Path.container])
    func aTaskCancelledBeforeItAsksStartsNoCreation(_ path: Path) async throws {
        let attempts = Counter()
        let ask = try path.register { Pool(number: await attempts.increment()) }
        let gate = Gate()
        let task = Task {
            await gate.wait()
            return try await ask()
        }
        task.cancel()
        await gate.open()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("the cancelled task got an instance")
            return
        }
        #expect(Self.isCancelled(error), "\(error)")
        #expect("\(error)".contains("was cancelled before its creation started"))
        #expect(await attempts.value == 0)
        #expect(try await ask().number == 1)
    }
}

/// Counts from any task.
private actor Counter {
    private(set) var value = 0

    func increment() -> Int {
        value += 1
        return value
    }
}

/// A gate tasks wait at until it opens; a waiting task that is cancelled leaves with false.
private actor Gate {
    private(set) var isOpen = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextNumber = 0

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume(returning: true) }
        waiters = [:]
    }

    /// True when the gate opens, false when the task is cancelled first.
    @discardableResult func wait() async -> Bool {
        if isOpen { return true }
        nextNumber += 1
        let number = nextNumber
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
