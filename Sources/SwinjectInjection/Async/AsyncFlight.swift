import SwinjectKitSupport

/// How a creation in flight ended, as each waiter sees it.
enum FlightOutcome: Sendable {
    /// The singleton was created; the storage holds the service.
    case created(ServiceStorage)
    /// The creation threw, or this waiter was cancelled.
    case failed(InjectionError)
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
    /// The tasks waiting, by waiter number. Whoever removes a continuation from here (the
    /// creation when it ends, or the waiter's cancellation handler) resumes it, so each is resumed
    /// exactly once; that is what lets them be unchecked continuations.
    var waiters: [UInt64: UnsafeContinuation<FlightOutcome, Never>] = [:]
    /// The number of the next waiter.
    var nextWaiter: UInt64 = 0
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

    /// The number of a new waiter. Under ``AsyncFlights/lock``.
    func admitWaiter() -> UInt64 {
        nextWaiter += 1
        return nextWaiter
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
/// ``AsyncFlights/lock``.
///
/// `@unchecked Sendable`: both fields are read and written only under ``AsyncFlights/lock``.
final class WaitTicket: @unchecked Sendable {
    var flight: AsyncFlight?
    var number: UInt64 = 0
}
