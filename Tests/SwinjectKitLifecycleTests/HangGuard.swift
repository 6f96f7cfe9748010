import Testing

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
