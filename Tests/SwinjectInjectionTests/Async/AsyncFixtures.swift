import Synchronization
import Testing

/// A service created asynchronously; `number` tells creations apart.
final class AsyncFixturePool: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// Counts events from any task.
final class AsyncCounter: Sendable {
    private let count = Atomic<Int>(0)
    /// Adds one and returns the new count.
    @discardableResult func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A gate tasks wait at until it opens; a waiter may also leave when its task is cancelled.
actor AsyncGate {
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

/// A test that hung instead of finishing.
struct AsyncTestTimedOut: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "the operation did not finish within \(seconds) s (a deadlock?)" }
}

/// Runs `operation` in a task of its own and returns its result, or throws `AsyncTestTimedOut`
/// after `seconds` without waiting for it: a deadlocked operation fails the test instead of
/// hanging it. The bound guards, it does not measure: it is longer than a whole parallel run of the
/// suite, because on a two-core machine the other tests can keep this test's tasks from a thread
/// of the cooperative pool for over a minute.
func withHangGuard<Value: Sendable>(
    seconds: Int = 300, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let outcome = HangGuardOutcome<Value>()
    return try await withCheckedThrowingContinuation { continuation in
        Task { await outcome.install(continuation) }
        Task {
            do {
                let value = try await operation()
                await outcome.finish(.success(value))
            } catch {
                await outcome.finish(.failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            await outcome.finish(.failure(AsyncTestTimedOut(seconds: seconds)))
        }
    }
}

/// The first result of ``withHangGuard(seconds:_:)``'s two racers.
private actor HangGuardOutcome<Value: Sendable> {
    private var continuation: CheckedContinuation<Value, any Error>?
    private var result: Result<Value, any Error>?

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        if let result {
            continuation.resume(with: result)
        } else {
            self.continuation = continuation
        }
    }

    func finish(_ result: Result<Value, any Error>) {
        guard self.result == nil else { return }
        self.result = result
        continuation?.resume(with: result)
        continuation = nil
    }
}
