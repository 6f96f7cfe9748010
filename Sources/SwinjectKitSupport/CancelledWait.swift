/// What became of a creation in flight when a task asking for its instance was cancelled: the
/// rule `Injector` singletons and `Container.resolveAsync` share. A cancelled task stops waiting at
/// once; the creation goes on while another task waits for it and is cancelled when none does.
package enum CancelledWait: Sendable, Equatable {
    /// Other tasks still wait: the creation goes on for them.
    case othersWaiting
    /// This was the last task waiting: the creation's task was cancelled too.
    case creationCancelled
    /// The task was cancelled before any creation started for it.
    case notStarted

    /// Why the request for `subject` failed and what happens to its creation, as messages say it:
    /// `subject` is `it` or the service's name.
    package func explanation(of subject: String) -> String {
        switch self {
        case .othersWaiting:
            return "the task waiting for \(subject) was cancelled; its creation goes on for other waiters"
        case .creationCancelled:
            return "the task waiting for \(subject) was cancelled and no other task was waiting, so its creation "
                + "was cancelled too; the next request starts a new one unless that creation still finishes"
        case .notStarted:
            return "the task asking for \(subject) was cancelled before its creation started"
        }
    }
}
