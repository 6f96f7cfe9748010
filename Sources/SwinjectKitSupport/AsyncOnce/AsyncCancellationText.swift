/// The words every front-end uses for a request that returned because its task was cancelled
/// (``AsyncOnceOutcome/cancelled(othersWaiting:)``), so the Injector and the container say the
/// same thing about the creation it leaves behind.
package enum AsyncCancellationText {
    /// What happened to the request and to the creation it waited for: the creation goes on when
    /// other tasks wait for it, and is cancelled when none does.
    package static func detail(othersWaiting: Bool) -> String {
        othersWaiting
            ? "the task waiting for it was cancelled; its creation goes on for other waiters"
            : "the task waiting for it was cancelled; no other task waits for it, so its creation is cancelled too"
    }
}
