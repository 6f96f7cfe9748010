import Swinject
import Synchronization
import Testing

/// Counts calls from any task.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }

    var value: Int { count.load(ordering: .relaxed) }
}

/// How long a test waits before it calls an operation hung: see ``withTimeout(seconds:_:)``.
let hangDeadlineSeconds: Double = 300

/// Thrown by ``withTimeout(seconds:_:)`` when the operation does not finish: a hang fails the
/// test instead of stopping the run.
struct OperationTimedOut: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "the operation did not finish within \(seconds) s (a deadlock?)" }
}

/// Runs `operation` in its own task and returns its result, or throws ``OperationTimedOut`` after
/// `seconds` without waiting for it (a deadlocked task is left behind, not awaited).
///
/// The bound guards against a hang; it does not measure. It is longer than a whole parallel run
/// of the suite, because on a two-core machine the other tests can keep this test's tasks from a
/// thread of the cooperative pool for over a minute.
func withTimeout<T: Sendable>(
    seconds: Double = hangDeadlineSeconds,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    return try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<T, any Error>) in
        let once = OnceContinuation(continuation)
        Task {
            do { once.resume(with: .success(try await operation())) } catch { once.resume(with: .failure(error)) }
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            once.resume(with: .failure(OperationTimedOut(seconds: seconds)))
        }
    }
}

/// Polls `condition` every millisecond until it holds, or throws ``OperationTimedOut`` after
/// `seconds`: for a test that must act only once other tasks reached a state it can observe.
func waitUntil(seconds: Double = hangDeadlineSeconds, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw OperationTimedOut(seconds: seconds) }
        try await Task.sleep(for: .milliseconds(1))
    }
}

/// Resumes a continuation once, from whichever caller comes first.
private final class OnceContinuation<T: Sendable>: Sendable {
    private let resumed = Atomic<Bool>(false)
    private let continuation: UnsafeContinuation<T, any Error>

    init(_ continuation: UnsafeContinuation<T, any Error>) {
        self.continuation = continuation
    }

    func resume(with result: Result<T, any Error>) {
        guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        continuation.resume(with: result)
    }
}

// Services for the async tests.

final class Pool: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

final class Credentials: Sendable {
    let secret: String
    init(secret: String) { self.secret = secret }
}

final class APIService: Sendable {
    let pool: Pool
    let credentials: Credentials
    init(pool: Pool, credentials: Credentials) {
        self.pool = pool
        self.credentials = credentials
    }
}

struct ConnectFailed: Error, Equatable {
    let attempt: Int
}

final class AsyncCycleA: Sendable {}
final class AsyncCycleB: Sendable {}

/// Hands a container to another task, for the test that registers while other tasks resolve
/// through a ``SendableResolver`` (what the resolver must make safe).
struct UncheckedContainer: @unchecked Sendable {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }
}
