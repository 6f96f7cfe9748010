import SwinjectKitSupport

/// How a creation in flight ended, as each task waiting for it sees it.
enum AsyncCellOutcome: Sendable {
    /// The factory made the instance.
    case created(InstanceBox)
    /// The factory threw.
    case failed(ResolutionError)
    /// This waiter's task was cancelled; the case says what became of the creation.
    case cancelled(CancelledWait)
    /// The creation ended without an instance this waiter may take (every earlier waiter left and
    /// it was cancelled, or it ended before this waiter joined): look at the cell again.
    case retry
}

/// One creation of an ``AsyncInstanceCell``'s instance: the task that runs the factory and the
/// tasks waiting for it, the one that started it included.
///
/// `@unchecked Sendable`: every mutable field is read and written only under the lock of the cell
/// that owns the flight.
final class AsyncCellFlight: @unchecked Sendable {
    typealias Waiter = CheckedContinuation<AsyncCellOutcome, Never>

    /// The creation as the wait-for graph and nested frames see it.
    let creation: AsyncCreation
    /// The waiting tasks in arrival order; a waiter's number is its index, and the slot of one that
    /// left is nil. Whoever takes a continuation out (the creation when it ends, or the waiter's
    /// cancellation handler) resumes it, so each is resumed once.
    private var waiters: [Waiter?] = []
    /// How many slots of ``waiters`` hold a continuation.
    private(set) var waiting = 0
    /// The task running the factory, once launched; nil again when it ended.
    var task: Task<Void, Never>?
    /// Whether every waiter left and the task was cancelled.
    private(set) var isCancelled = false
    /// How it ended, once it ended.
    var outcome: AsyncCellOutcome?

    init(creation: AsyncCreation) {
        self.creation = creation
    }

    /// Queues `waiter` and returns its number.
    func admit(_ waiter: Waiter) -> Int {
        waiters.append(waiter)
        waiting += 1
        return waiters.count - 1
    }

    /// Takes waiter `number` out, or nil when the creation already resumed it.
    func remove(_ number: Int) -> Waiter? {
        guard waiters.indices.contains(number), let waiter = waiters[number] else { return nil }
        waiters[number] = nil
        waiting -= 1
        return waiter
    }

    /// Cancels the factory's task when no task waits for it any more.
    func cancelIfAbandoned() {
        guard waiting == 0, outcome == nil, !isCancelled else { return }
        isCancelled = true
        task?.cancel()
    }

    /// Takes every queued waiter out, oldest first.
    func takeAll() -> [Waiter] {
        let taken = waiters.compactMap { $0 }
        waiters = []
        waiting = 0
        return taken
    }
}

/// Where a waiter is queued, for its cancellation handler; both fields are set when it is queued.
///
/// `@unchecked Sendable`: read and written only under the lock of the cell it waits in.
final class AsyncCellTicket: @unchecked Sendable {
    var flight: AsyncCellFlight?
    var number = 0
}
