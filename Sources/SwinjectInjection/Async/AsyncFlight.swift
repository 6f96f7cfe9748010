import SwinjectKitSupport

/// How a creation in flight ended, as each waiter sees it.
enum FlightOutcome: Sendable {
    /// The singleton was created; the storage holds the service.
    case created(ServiceStorage)
    /// The creation threw.
    case failed(InjectionError)
    /// This waiter's task was cancelled while it waited; the waiter builds its error in its own
    /// task, where its chain is. `othersWaiting`: the creation goes on for other waiters.
    case cancelled(othersWaiting: Bool)
    /// Every earlier waiter was cancelled, so the creation was cancelled and then failed; a waiter
    /// that joined afterwards starts a new creation instead of inheriting that cancellation.
    case retry
}

/// One async singleton creation in flight: its task, the tasks waiting for it, and the creations
/// it waits for.
///
/// `@unchecked Sendable`: every mutable field is read and written only under
/// ``AsyncFlights/lock``.
final class AsyncFlight: @unchecked Sendable {
    /// The service being created, for error messages.
    let typeName: String
    /// The tasks waiting, in the order they arrived; a waiter's number is its index, and a
    /// cancelled waiter's slot is nil. Whoever takes a continuation out of here (the creation when
    /// it ends, or the waiter's cancellation handler) resumes it, so each is resumed exactly once;
    /// that is what lets them be unchecked continuations.
    private var waiters: [UnsafeContinuation<FlightOutcome, Never>?] = []
    /// How many slots of ``waiters`` hold a continuation.
    private(set) var waiting = 0
    /// The task running the factory; nil once it finished.
    var task: Task<Void, Never>?
    /// Whether every waiter left and the task was cancelled.
    var isCancelled = false
    /// How it ended, once it ended.
    var outcome: FlightOutcome?
    /// The creations this one's factory is waiting for now, with how many of its tasks wait for
    /// each (a factory may wait for several from child tasks).
    var waitingOn: [ObjectIdentifier: (flight: AsyncFlight, count: Int)] = [:]

    init(typeName: String) {
        self.typeName = typeName
    }

    /// Queues `continuation` and returns its waiter number. Under ``AsyncFlights/lock``.
    func admit(_ continuation: UnsafeContinuation<FlightOutcome, Never>) -> Int {
        waiters.append(continuation)
        waiting += 1
        return waiters.count - 1
    }

    /// Takes waiter `number`'s continuation out, or nil when it was already taken. Under
    /// ``AsyncFlights/lock``.
    func remove(_ number: Int) -> UnsafeContinuation<FlightOutcome, Never>? {
        guard waiters.indices.contains(number), let continuation = waiters[number] else { return nil }
        waiters[number] = nil
        waiting -= 1
        return continuation
    }

    /// Cancels the task when no task waits for it any more. Under ``AsyncFlights/lock``.
    func cancelIfAbandoned() {
        guard waiting == 0, outcome == nil, !isCancelled else { return }
        isCancelled = true
        task?.cancel()
    }

    /// Takes every queued continuation out, oldest first. Under ``AsyncFlights/lock``.
    ///
    /// Oldest first because a task group finds a finished child by walking its children from the
    /// oldest: when a group's children all wait here, resuming them in another order makes each of
    /// those walks cross the children still waiting, a quadratic cost for the group.
    func takeAll() -> [UnsafeContinuation<FlightOutcome, Never>] {
        var taken: [UnsafeContinuation<FlightOutcome, Never>] = []
        taken.reserveCapacity(waiting)
        for continuation in waiters {
            if let continuation { taken.append(continuation) }
        }
        waiters = []
        waiting = 0
        return taken
    }
}

/// The lock and the wait-for graph shared by every async singleton creation.
///
/// One lock for all injectors, as ``CreationLock`` is for synchronous lazy singletons, because a
/// cycle may run through several injectors. It is taken only on the slow path (a singleton not
/// created yet) and never held across an `await`.
enum AsyncFlights {
    static let lock = Lock()

    /// The flights from `start` to `target` along ``AsyncFlight/waitingOn`` edges, both included,
    /// or nil when `target` cannot be reached: the creation `target` would wait for `start`, which
    /// (through the returned path) already waits for `target`. Under ``lock``.
    static func path(from start: AsyncFlight, to target: AsyncFlight) -> [AsyncFlight]? {
        // Breadth-first with parent links: no recursion, each flight visited once.
        var parents: [ObjectIdentifier: AsyncFlight] = [:]
        var queue = [start]
        var index = 0
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        while index < queue.count {
            let flight = queue[index]
            index += 1
            if flight === target {
                var path = [flight]
                var current = flight
                while let parent = parents[ObjectIdentifier(current)] {
                    path.append(parent)
                    current = parent
                }
                return path.reversed()
            }
            for (id, edge) in flight.waitingOn where seen.insert(id).inserted {
                parents[id] = flight
                queue.append(edge.flight)
            }
        }
        return nil
    }

    /// Records that `waiter`'s factory waits for `flight`. Under ``lock``.
    static func addEdge(from waiter: AsyncFlight, to flight: AsyncFlight) {
        let id = ObjectIdentifier(flight)
        waiter.waitingOn[id, default: (flight, 0)].count += 1
    }

    /// Removes one ``addEdge(from:to:)``. Under ``lock``.
    static func removeEdge(from waiter: AsyncFlight, to flight: AsyncFlight) {
        let id = ObjectIdentifier(flight)
        guard let edge = waiter.waitingOn[id] else { return }
        if edge.count <= 1 {
            waiter.waitingOn[id] = nil
        } else {
            waiter.waitingOn[id] = (flight, edge.count - 1)
        }
    }
}

/// Where a waiter is queued, for its cancellation handler: set when it is queued, under
/// ``AsyncFlights/lock``. The handler captures only this object, so installing it allocates nothing
/// more.
///
/// `@unchecked Sendable`: both fields are read and written only under ``AsyncFlights/lock``.
final class WaitTicket: @unchecked Sendable {
    var flight: AsyncFlight?
    var number = 0

    /// Takes this waiter out of its flight and resumes it with ``FlightOutcome/cancelled``; does
    /// nothing when the creation already resumed it. Cancels the creation when no task waits for it
    /// any more.
    func cancel() {
        let taken = AsyncFlights.lock.withLock { () -> (UnsafeContinuation<FlightOutcome, Never>, Bool)? in
            guard let flight, let continuation = flight.remove(number) else { return nil }
            flight.cancelIfAbandoned()
            return (continuation, flight.waiting > 0)
        }
        if let (continuation, othersWaiting) = taken {
            continuation.resume(returning: .cancelled(othersWaiting: othersWaiting))
        }
    }
}
