import Swinject
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// The instance storage of one tracked registration, the one hook SwinjectKit has into
/// Swinject's resolution (``SwinjectEntryFields``): it wraps the storage Swinject would have made
/// for the entry's scope, drops a kept instance a reload made stale, marks the start and end of
/// each factory run on the calling thread's ``UsageFrames``, and keeps what the factory read.
///
/// Swinject asks `instance(inGraph:)` once before running the factory (nil: the factory runs)
/// and once right after it, on the resolving thread. So: a call while this storage is the
/// innermost running frame ends that run; any other call is a request for this registration.
/// A request is answered in this order: a test override open on the current task for this
/// service (``ContainerOverrideScopes``; one relaxed load when no scope is open anywhere); the
/// kept instance, dropped first when a reload made it stale; and when there is none, a new run
/// starts, which the innermost running frame (if any) records as a dependency. While an
/// override scope covers the registration, kept instances live in the scope, not here.
///
/// A reload never touches the storage: it marks it stale (``markStale(atGeneration:)``) from its
/// own thread, and the resolving thread drops the instance on its next request. The kept
/// instance and the wrapped storage are touched only by the thread that resolves (or under
/// Swinject's lock for a synchronized container), as Swinject's own storages are; the usage
/// record and the stale mark are read from any thread, behind a lock and an atomic.
final class TrackedStorage: InstanceStorage, KeptInstanceStorage, @unchecked Sendable {
    /// The registration as the report names it.
    let registration: PropertyUsage.Registration
    unowned let registry: UsageRegistry
    /// The entry, read for its scope when the wrapped storage is made, which happens while the
    /// entry resolves. Unowned, not weak: a weak reference gives the entry a side table, which
    /// makes each retain of it by Swinject's resolve slower (`resolve.container.tracked`).
    private unowned let entry: AnyObject
    /// The container the entry was registered on.
    private let owner: ObjectIdentifier
    /// Whether the factory takes only the resolver, so a test override can stand in for it.
    private let takesOnlyResolver: Bool
    /// The storage of the entry's scope, made on first use (the scope is set after registering).
    private var inner: (any InstanceStorage)?
    /// `inner` when it is the storage of the `.container` scope, read without a dynamic call on
    /// the resolve of a kept instance (`resolve.container.tracked`).
    private var permanent: PermanentStorage?
    /// The registry generation at which the run that built the kept instance started.
    private var keptFrom = 0
    /// The registry generation of the last reload that made this registration stale; 0: never.
    private let staleAt = StoredAtomic<Int>(0)
    /// Whether the scope keeps instances across resolves (not graph or transient).
    private let keepsInstances = StoredAtomic<Bool>(false)
    /// Whether the kept instance was built by a factory run nobody tracked (Swinject ran the
    /// factory again because the kept instance had another type): what it read is unknown, so
    /// any change makes it stale. An instance kept before the hook was installed read nothing
    /// through the container: its first read would have installed the hook.
    private let builtUntracked = StoredAtomic<Bool>(false)
    private let usage = LockedValue(Usage())

    struct Usage {
        /// Each key the factory read, with the first call site that read it.
        var keys: [String: PropertyUsage.ReadSite] = [:]
        /// The tracked registrations the factory resolved, by identity: the registries of the
        /// lineage keep every storage alive, and identities make no reference cycle.
        var dependencies: Set<ObjectIdentifier> = []
        /// How the last run read each key (type and required or not), for validated reloads.
        var typed: [String: TypedRead] = [:]
        /// How many times the factory ran to the end.
        var runs = 0
    }

    init(
        registration: PropertyUsage.Registration, registry: UsageRegistry, entry: AnyObject,
        owner: ObjectIdentifier, takesOnlyResolver: Bool, wrapping existing: (any InstanceStorage)?
    ) {
        self.registration = registration
        self.registry = registry
        self.entry = entry
        self.owner = owner
        self.takesOnlyResolver = takesOnlyResolver
        if let existing { adopt(existing) }
    }

    private func adopt(_ storage: any InstanceStorage) {
        // A failure marker kept before the wrapper was installed is dropped here, once, so the
        // resolve path never casts the kept instance.
        if storage.instance is ResolutionFailureMarker { storage.instance = nil }
        inner = storage
        permanent = storage as? PermanentStorage
        // A unit-of-work (request) storage keeps one instance per unit itself: neither an override
        // scope nor a reload holds or drops its instances. Swinject's storages are told apart by
        // class; only another storage is cast to the protocol, a conformance look-up that scans
        // the process's conformance records the first time it meets the type.
        let keeps =
            if storage is PermanentStorage || storage is WeakStorage {
                true
            } else if storage is GraphStorage || storage is TransientStorage {
                false
            } else {
                !(storage is any UnitOfWorkStorage)
            }
        keepsInstances.store(keeps, ordering: .relaxed)
    }

    /// Whether the scope keeps instances across resolves; makes the wrapped storage if needed.
    private var keepsScopedInstances: Bool {
        _ = storage
        return keepsInstances.load(ordering: .relaxed)
    }

    private var storage: any InstanceStorage {
        if let inner { return inner }
        let made = SwinjectEntryFields.scope(of: entry)?.makeStorage() ?? PermanentStorage()
        adopt(made)
        return made
    }

    var instance: Any? {
        get { storage.instance }
        set { storage.instance = newValue }
    }

    func graphResolutionCompleted() {
        // The outermost resolve ended: no factory that ran while the hook was installed is left.
        if UsageFrames.openRuns.load(ordering: .relaxed) > 0 { UsageFrames.current.closePending() }
        storage.graphResolutionCompleted()
    }

    /// The kept `.container` instance when ``instance(inGraph:)`` would return it on its first
    /// path: no run open, no override scope, not stale.
    var keptInstance: Any? {
        guard let permanent, UsageFrames.openRuns.load(ordering: .relaxed) == 0, !ContainerOverrideScopes.anyOpen,
            staleAt.load(ordering: .acquiring) <= keptFrom
        else { return nil }
        return permanent.instance
    }

    func instance(inGraph graph: GraphIdentifier) -> Any? {
        // The common request: a kept `.container` instance, no override scope and no run open
        // anywhere; the same answer as the path below, with one copy of the instance.
        if let permanent, UsageFrames.openRuns.load(ordering: .relaxed) == 0,
            !ContainerOverrideScopes.anyOpen, staleAt.load(ordering: .acquiring) <= keptFrom,
            let kept = permanent.instance
        {
            return kept
        }
        let scope = ContainerOverrideScopes.scope(covering: owner)
        // No run open on any thread: none is this storage's, and there is nothing to record.
        let frames = UsageFrames.openRuns.load(ordering: .relaxed) > 0 ? UsageFrames.current : nil
        if let frames, frames.isRunning(self) {
            frames.finish(self)
            if let scope, keepsScopedInstances { return scope.kept(ObjectIdentifier(self)) }
            return storage.instance(inGraph: graph)
        }
        if let scope {
            if takesOnlyResolver,
                let instance = scope.overrideInstance(of: registration.serviceType, name: registration.name)
            {
                return instance
            }
            if keepsScopedInstances {
                frames?.noteDependency(self)
                let kept = scope.kept(ObjectIdentifier(self))
                if kept == nil {
                    UsageFrames.current.start(self, generation: registry.generation.load(ordering: .acquiring))
                }
                return kept
            }
        }
        frames?.noteDependency(self)
        let current = storage
        var kept = current.instance(inGraph: graph)
        if kept != nil, staleAt.load(ordering: .acquiring) > keptFrom, keepsInstances.load(ordering: .relaxed) {
            current.instance = nil
            kept = nil
        }
        if kept == nil {
            UsageFrames.current.start(self, generation: registry.generation.load(ordering: .acquiring))
        }
        return kept
    }

    func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        // Normally the run ended at the second `instance(inGraph:)`; a run still open here began
        // at that second call (a kept instance of another type made Swinject run the factory).
        let frames = UsageFrames.current
        // A factory that failed is not kept, so the next resolve runs it again, tracked.
        let failed = ResolutionFailureMarker.marks(instance)
        if frames.isRunning(self) {
            frames.abandon(self)
            // The factory ran outside a run of this storage: while the hook was installed (the
            // pending frame holds its reads), or for a kept instance of another type.
            if !frames.handPending(to: self, kept: !failed), !failed { builtUntracked.store(true, ordering: .relaxed) }
        }
        if failed { return }
        if let scope = ContainerOverrideScopes.scope(covering: owner), keepsScopedInstances {
            scope.keep(instance, for: ObjectIdentifier(self))
            return
        }
        storage.setInstance(instance, inGraph: graph)
    }

    /// Keeps what one finished run of the factory read and resolved. A run that a reload
    /// overlapped is stale at once when it read a key that reload changed, or resolved a
    /// registration that reload made stale.
    func finishRun(
        keys: [String: PropertyUsage.ReadSite], typed: [String: TypedRead], dependencies: Set<ObjectIdentifier>,
        startedAt: Int
    ) {
        usage.withLock { usage in
            for (key, site) in keys where usage.keys[key] == nil { usage.keys[key] = site }
            usage.typed.merge(typed) { _, latest in latest }
            usage.dependencies.formUnion(dependencies)
            usage.runs += 1
        }
        keptFrom = startedAt
        builtUntracked.store(false, ordering: .relaxed)
        let now = registry.generation.load(ordering: .acquiring)
        guard now > startedAt else { return }
        guard let changed = registry.keysChanged(after: startedAt) else {
            markStale(atGeneration: now)
            return
        }
        let overlap = PropertyKeyOverlap(changed: changed)
        let readChanged = !overlap.isEmpty && keys.keys.contains(where: overlap.affects)
        let dependencyStale = registry.storages.contains {
            dependencies.contains(ObjectIdentifier($0)) && $0.staleAt.load(ordering: .acquiring) > startedAt
        }
        if readChanged || dependencyStale { markStale(atGeneration: now) }
    }

    /// Makes the kept instance stale as of `generation`; called from any thread.
    func markStale(atGeneration generation: Int) {
        var current = staleAt.load(ordering: .relaxed)
        while current < generation {
            let (exchanged, original) = staleAt.compareExchange(
                expected: current, desired: generation, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// Whether this registration's scope keeps instances and its factory ran, so marking it
    /// stale rebuilds something.
    var rebuildsWhenStale: Bool {
        keepsInstances.load(ordering: .relaxed) && (isBuiltUntracked || usage.withLock { $0.runs > 0 })
    }

    /// Whether the kept instance was built by a run nobody tracked; read from any thread.
    var isBuiltUntracked: Bool {
        builtUntracked.load(ordering: .relaxed)
    }

    var recorded: Usage {
        usage.withLock { $0 }
    }
}
