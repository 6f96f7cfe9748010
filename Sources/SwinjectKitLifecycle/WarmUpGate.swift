import SwinjectKitSupport

/// The end of one ``InjectorService`` startup, which the services it gates wait for.
///
/// The first ``end(_:)`` decides the outcome for every waiter, present and future; later calls
/// change nothing.
final class WarmUpGate: Sendable {
    /// How a wait ended.
    enum Outcome: Sendable, Equatable {
        /// The startup returned: the dependencies are warmed up.
        case warmedUp
        /// The startup threw or was cut short by graceful shutdown or cancellation.
        case failed
        /// The waiting task was cancelled before the startup ended.
        case cancelled
    }

    private enum State {
        case waiting(next: Int, waiters: [Int: CheckedContinuation<Outcome, Never>])
        case ended(Outcome)
    }

    private let state = LockedValue(State.waiting(next: 0, waiters: [:]))

    /// Records the startup's outcome and resumes every waiter with it.
    func end(_ outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard case .waiting(_, let waiters) = state else { return [] }
            state = .ended(outcome)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Waits for the startup's outcome; returns `.cancelled` as soon as the task is cancelled.
    func wait() async -> Outcome {
        // A number per wait, so that a cancellation removes its own continuation and no other.
        let ticket = state.withLock { state -> Int? in
            guard case .waiting(let next, let waiters) = state else { return nil }
            state = .waiting(next: next + 1, waiters: waiters)
            return next
        }
        guard let number = ticket else { return state.withLock { Self.outcome(of: $0) } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> Outcome? in
                    guard case .waiting(let next, var waiters) = state else { return Self.outcome(of: state) }
                    if Task.isCancelled { return .cancelled }
                    waiters[number] = continuation
                    state = .waiting(next: next, waiters: waiters)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
                guard case .waiting(let next, var waiters) = state else { return nil }
                let waiter = waiters.removeValue(forKey: number)
                state = .waiting(next: next, waiters: waiters)
                return waiter
            }
            waiter?.resume(returning: .cancelled)
        }
    }

    /// The outcome `state` ended with; `.cancelled` while it has not ended.
    private static func outcome(of state: State) -> Outcome {
        guard case .ended(let outcome) = state else { return .cancelled }
        return outcome
    }
}
