import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Lets one thread at a time into a container lineage's synchronous Swinject calls made by async
/// resolution, ``SendableResolver`` and the registration observer of a sealed container.
///
/// Swinject keeps the state of a resolution (depth, object graph) in the container and shares one
/// lock between a container and its children; the gate is kept the same way, on the root of the
/// lineage. It is re-entrant on its own thread: a factory that resolves through the gate again
/// runs inside the outer call, as Swinject's recursive lock allows. The lock is ``Lock`` (a pthread
/// mutex the thread sanitizer sees); the owner is an atomic that only its owner writes.
final class ContainerGate: Sendable {
    private let lock = Lock()
    private let owner = StoredAtomic<UInt>(0)
    /// Whether a sealed container of the lineage got a registration (``recordLate(_:)``).
    private let changed = StoredAtomic<Bool>(false)
    private let late = LockedValue<[String]>([])

    /// Runs `body` holding the gate, or directly when this thread already holds it.
    func withAccess<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let me = ThreadIdentity.current
        if owner.load(ordering: .relaxed) == me { return try body() }
        lock.lock()
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            lock.unlock()
        }
        return try body()
    }

    /// Records a registration made after a ``SendableResolver`` sealed the lineage; every
    /// resolve through the gate fails from then on.
    func recordLate(_ registration: String) {
        late.withLock { $0.append(registration) }
        changed.store(true, ordering: .releasing)
    }

    /// The registrations made after the lineage was sealed, or nil when there were none.
    var lateRegistrations: [String]? {
        guard changed.load(ordering: .acquiring) else { return nil }
        return late.withLock { $0 }
    }
}
