/// One creation in flight (an async singleton's, or a scoped instance's): what it is, for
/// messages, the creations its factory waits for now, and its task.
///
/// The nodes of the wait-for graph that ``AsyncOnce`` checks before a creation's factory waits
/// for another creation: reaching the waiting creation from the one it would wait for is a cycle.
/// The graph spans every front-end and every container, because a cycle may run through several.
///
/// `@unchecked Sendable`: every mutable field is read and written only under
/// ``AsyncCreation/lock``.
package class AsyncCreation: @unchecked Sendable {
    /// The one lock of every creation in flight. It is taken only on the slow path (an instance
    /// not created yet) and never held across an `await`.
    package static let lock = Lock()

    /// What the front-end shows of this creation in a cycle's chain (a type name, a chain link).
    package let label: any Sendable
    /// The creations this one's factory waits for now, with how many of its tasks wait for each
    /// (a factory may wait for several from child tasks).
    private var waitingOn: [ObjectIdentifier: (creation: AsyncCreation, count: Int)] = [:]
    /// The task running the factory; nil once it finished.
    var task: Task<Void, Never>?
    /// Whether every waiter left and the task was cancelled.
    var isCancelled = false
    /// Whether the creation ended.
    var isFinished = false
    /// How many tasks wait for it.
    var waiting = 0

    init(label: any Sendable) {
        self.label = label
    }

    /// Cancels the task when no task waits for it any more. Under ``lock``.
    func cancelIfAbandoned() {
        guard waiting == 0, !isFinished, !isCancelled else { return }
        isCancelled = true
        task?.cancel()
    }

    /// The creations from `self` to `target` along the wait-for edges, both included, or nil when
    /// `target` cannot be reached. Under ``lock``.
    func path(to target: AsyncCreation) -> [AsyncCreation]? {
        // Breadth-first with parent links: no recursion, each creation visited once.
        var parents: [ObjectIdentifier: AsyncCreation] = [:]
        var queue: [AsyncCreation] = [self]
        var index = 0
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while index < queue.count {
            let creation = queue[index]
            index += 1
            if creation === target {
                var path = [creation]
                var current = creation
                while let parent = parents[ObjectIdentifier(current)] {
                    path.append(parent)
                    current = parent
                }
                return path.reversed()
            }
            for (id, edge) in creation.waitingOn where seen.insert(id).inserted {
                parents[id] = creation
                queue.append(edge.creation)
            }
        }
        return nil
    }

    /// Records that this creation's factory waits for `target`. Under ``lock``.
    func addEdge(to target: AsyncCreation) {
        waitingOn[ObjectIdentifier(target), default: (target, 0)].count += 1
    }

    /// Removes one ``addEdge(to:)``. Under ``lock``.
    func removeEdge(to target: AsyncCreation) {
        let id = ObjectIdentifier(target)
        guard let edge = waitingOn[id] else { return }
        if edge.count <= 1 {
            waitingOn[id] = nil
        } else {
            waitingOn[id] = (target, edge.count - 1)
        }
    }
}

/// A creation in flight with the continuations of the tasks waiting for its value.
///
/// `@unchecked Sendable`: every mutable field is read and written only under
/// ``AsyncCreation/lock``.
final class AsyncFlight<Value: Sendable, Failure: Error>: AsyncCreation, @unchecked Sendable {
    typealias Waiter = UnsafeContinuation<AsyncOnceStep<Value, Failure>, Never>

    /// The tasks waiting, in the order they arrived; a waiter's number is its index, and a
    /// cancelled waiter's slot is nil. Whoever takes a continuation out of here (the creation when
    /// it ends, or the waiter's cancellation handler) resumes it, so each is resumed exactly once;
    /// that is what lets them be unchecked continuations.
    private var waiters: [Waiter?] = []
    /// How it ended, once it ended.
    var outcome: AsyncOnceStep<Value, Failure>?

    /// Queues `continuation` and returns its waiter number. Under ``AsyncCreation/lock``.
    func admit(_ continuation: Waiter) -> Int {
        waiters.append(continuation)
        waiting += 1
        return waiters.count - 1
    }

    /// Takes waiter `number`'s continuation out, or nil when it was already taken. Under
    /// ``AsyncCreation/lock``.
    func remove(_ number: Int) -> Waiter? {
        guard waiters.indices.contains(number), let continuation = waiters[number] else { return nil }
        waiters[number] = nil
        waiting -= 1
        return continuation
    }

    /// Records the outcome and takes every queued continuation out, oldest first. Under
    /// ``AsyncCreation/lock``.
    ///
    /// Oldest first because a task group finds a finished child by walking its children from the
    /// oldest: when a group's children all wait here, resuming them in another order makes each of
    /// those walks cross the children still waiting, a quadratic cost for the group.
    func finish(_ outcome: AsyncOnceStep<Value, Failure>) -> [Waiter] {
        self.outcome = outcome
        isFinished = true
        task = nil
        var taken: [Waiter] = []
        taken.reserveCapacity(waiting)
        for continuation in waiters {
            if let continuation { taken.append(continuation) }
        }
        waiters = []
        waiting = 0
        return taken
    }
}

/// Where a waiter is queued, for its cancellation handler: set when it is queued, under
/// ``AsyncCreation/lock``. The handler captures only this object.
///
/// `@unchecked Sendable`: both fields are read and written only under ``AsyncCreation/lock``.
final class AsyncWaitTicket<Value: Sendable, Failure: Error>: @unchecked Sendable {
    var flight: AsyncFlight<Value, Failure>?
    var number = 0

    /// Takes this waiter out of its flight and resumes it with ``AsyncOnceStep/cancelled(othersWaiting:)``;
    /// does nothing when the creation already resumed it. Cancels the creation when no task waits
    /// for it any more.
    func cancel() {
        let taken = AsyncCreation.lock.withLock { () -> (AsyncFlight<Value, Failure>.Waiter, Bool)? in
            guard let flight, let continuation = flight.remove(number) else { return nil }
            flight.cancelIfAbandoned()
            return (continuation, flight.waiting > 0)
        }
        if let (continuation, othersWaiting) = taken {
            continuation.resume(returning: .cancelled(othersWaiting: othersWaiting))
        }
    }
}
