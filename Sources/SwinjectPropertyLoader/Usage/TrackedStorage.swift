import Swinject
import SwinjectKitSupport

/// The instance storage of one tracked registration: it wraps the storage Swinject would have
/// made for the entry's scope, marks the start and end of each factory run on the calling
/// thread's ``UsageFrames``, and keeps what the registration's factory read.
///
/// Swinject asks `instance(inGraph:)` once before running the factory (nil: the factory runs)
/// and once right after it. So: a call while this storage is the innermost running frame ends
/// that run; any other call is a request for this registration, which the innermost running
/// frame (if any) records as a dependency, and which starts a run when no instance is kept.
///
/// Swinject calls these methods under its lock for a synchronized container, and from one
/// thread otherwise; discarding takes the same lock (``Swinject/Container/discardInstances(readingAnyOf:)``).
/// The usage record is read from any thread, so it sits behind its own lock.
final class TrackedStorage: InstanceStorage, @unchecked Sendable {
    /// The registration as the report names it.
    let registration: PropertyUsage.Registration
    private weak var entry: AnyObject?
    /// The storage of the entry's scope, made on first use (the scope is set after registering).
    @exclusivity(unchecked) private var inner: (any InstanceStorage)?
    private let usage = LockedValue(Usage())

    struct Usage {
        /// Each key the factory read, with the first call site that read it.
        var keys: [String: PropertyUsage.ReadSite] = [:]
        /// The tracked registrations the factory resolved, by identity: the registries of the
        /// lineage keep every storage alive, and identities make no reference cycle.
        var dependencies: Set<ObjectIdentifier> = []
        /// How many times the factory ran to the end.
        var runs = 0
    }

    init(registration: PropertyUsage.Registration, entry: AnyObject, wrapping existing: (any InstanceStorage)?) {
        self.registration = registration
        self.entry = entry
        inner = existing
    }

    private var storage: any InstanceStorage {
        if let inner { return inner }
        let made = entry.flatMap(ServiceEntrySlots.scope(of:))?.makeStorage() ?? PermanentStorage()
        inner = made
        return made
    }

    var instance: Any? {
        get { storage.instance }
        set { storage.instance = newValue }
    }

    func graphResolutionCompleted() {
        storage.graphResolutionCompleted()
    }

    func instance(inGraph graph: GraphIdentifier) -> Any? {
        let frames = UsageFrames.current
        if frames.isRunning(self) {
            frames.finish(self)
            return storage.instance(inGraph: graph)
        }
        frames.noteDependency(self)
        let kept = storage.instance(inGraph: graph)
        if kept == nil { frames.start(self) }
        return kept
    }

    func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        // Normally the run ended at the second `instance(inGraph:)`; a run still open here began
        // at that second call (a kept instance of another type made Swinject run the factory).
        let frames = UsageFrames.current
        if frames.isRunning(self) { frames.abandon(self) }
        storage.setInstance(instance, inGraph: graph)
    }

    /// Keeps what one finished run of the factory read and resolved.
    func merge(keys: [String: PropertyUsage.ReadSite], dependencies: Set<ObjectIdentifier>) {
        usage.withLock { usage in
            for (key, site) in keys where usage.keys[key] == nil { usage.keys[key] = site }
            usage.dependencies.formUnion(dependencies)
            usage.runs += 1
        }
    }

    var recorded: Usage {
        usage.withLock { $0 }
    }

    /// Drops the kept instance; whether there was one. Call holding Swinject's lock.
    func discardInstance() -> Bool {
        guard let inner, inner.instance != nil else { return false }
        inner.instance = nil
        return true
    }
}
