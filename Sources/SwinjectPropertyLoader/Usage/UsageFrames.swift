import Swinject
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// The tracked factories running on one thread, innermost last, and what each has read so far.
///
/// Swinject runs a factory, and every factory it resolves from inside it, on the thread that
/// called `resolve`, so a per-thread stack follows one resolution exactly. A property read
/// is attributed to the innermost running factory only (direct usage); the registrations it
/// resolved are kept as its dependencies, from which discarding finds what transitively used a
/// key. Touched only by its own thread, so it needs no lock, and the fields every read touches
/// need no run-time exclusivity check.
final class UsageFrames {
    private final class Frame {
        /// The registration whose factory runs, or nil for the pending frame: the factories
        /// that were already running when the hook was installed on this thread.
        var storage: TrackedStorage?
        /// The registry generation when the run started.
        var generation: Int
        // Benchmark: property.container, property.inFactory
        @exclusivity(unchecked) var keys: [String: PropertyUsage.ReadSite] = [:]
        var dependencies: Set<ObjectIdentifier> = []
        var typed: [String: TypedRead] = [:]

        /// For the pending frame: the container whose read installed the hook, and the reads it
        /// also recorded as outside reads, which are withdrawn when a factory claims them.
        let container: ObjectIdentifier?
        /// Holds keys only, never a registry: a pending frame may outlive the read that opened
        /// it (until the next resolve ends), and must not keep a container's state alive.
        var tentative: Set<String> = []

        init(storage: TrackedStorage?, generation: Int, container: ObjectIdentifier? = nil) {
            self.storage = storage
            self.generation = generation
            self.container = container
        }
    }

    // Benchmark: property.container, property.inFactory
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// Frames of finished runs, emptied, for the next runs: a request-scoped factory runs once
    /// per unit of work, and a frame with its tables is made once per thread instead.
    private var spareFrames: [Frame] = []
    private static let spareFrameLimit = 8
    private static let spareTableLimit = 32
    /// The last read made outside any tracked factory, so a loop reading one key from one
    /// container records it once.
    private var lastOutsideContainer = ContainerIdentity.none
    private var lastOutsideKey = ""
    /// The last container whose registry this thread saw installed, so reads through it skip
    /// the look-up.
    // Benchmark: property.container, property.inFactory
    @exclusivity(unchecked) private var lastInstalledContainer = ContainerIdentity.none

    static let slot = ThreadLocal { UsageFrames() }

    /// For a container without a registry of its own (a `synchronize()` view, a child), the count
    /// of registries made (``UsageRegistry/made``) when every registry along its lineage had its
    /// hook: while the count is the same, reads through it need not walk the lineage again.
    private static let installedLineages = ContainerMemo()

    /// How many tracked runs are open on all threads: while none is, a resolve of a kept
    /// instance neither ends a run nor records a dependency, and skips the thread-local lookup
    /// (`resolve.container.tracked` benchmark row). A thread sees its own runs in program order.
    static let openRuns = StoredAtomic<Int>(0)

    /// The calling thread's frames.
    static var current: UsageFrames { slot.current }

    func isRunning(_ storage: TrackedStorage) -> Bool {
        frames.last?.storage === storage
    }

    /// Starts a run of `storage`'s factory.
    func start(_ storage: TrackedStorage, generation: Int) {
        Self.openRuns.wrappingIncrement(by: 1, ordering: .relaxed)
        if let frame = spareFrames.popLast() {
            frame.storage = storage
            frame.generation = generation
            frames.append(frame)
        } else {
            frames.append(Frame(storage: storage, generation: generation))
        }
    }

    /// Ends the innermost run, which is `storage`'s, keeping what it read.
    func finish(_ storage: TrackedStorage) {
        let frame = frames.removeLast()
        Self.openRuns.wrappingDecrement(by: 1, ordering: .relaxed)
        storage.finishRun(
            keys: frame.keys, typed: frame.typed, dependencies: frame.dependencies, startedAt: frame.generation)
        keepSpare(frame)
    }

    /// Ends the innermost run without keeping it.
    func abandon(_ storage: TrackedStorage) {
        let frame = frames.removeLast()
        Self.openRuns.wrappingDecrement(by: 1, ordering: .relaxed)
        keepSpare(frame)
    }

    /// Empties the frame of a finished run, keeping its tables' capacity, for a later run. A frame
    /// whose tables grew large is dropped: iterating an emptied table still visits its capacity.
    private func keepSpare(_ frame: Frame) {
        guard frame.storage != nil, spareFrames.count < Self.spareFrameLimit,
            frame.keys.capacity <= Self.spareTableLimit, frame.dependencies.capacity <= Self.spareTableLimit
        else { return }
        frame.storage = nil
        frame.keys.removeAll(keepingCapacity: true)
        frame.typed.removeAll(keepingCapacity: true)
        frame.dependencies.removeAll(keepingCapacity: true)
        spareFrames.append(frame)
    }

    /// Opens the pending frame, when no tracked run is open: the hook was just installed by a
    /// read through `container` on this thread, so the factories running now (if any) started
    /// untracked. The first read since the hook's registry existed installed it, so that read and
    /// every later one through the container until the innermost such factory ends are that
    /// factory's: the pending frame collects them and hands them over when Swinject keeps the
    /// factory's instance. Until then they also count as reads outside any factory, which they
    /// are when no factory was running; the frame closes when the resolve ends, a read goes
    /// through another container, or another hook is installed.
    func openPending(generation: Int, container: ObjectIdentifier) {
        closePending()
        guard frames.isEmpty else { return }
        Self.openRuns.wrappingIncrement(by: 1, ordering: .relaxed)
        frames.append(Frame(storage: nil, generation: generation, container: container))
    }

    /// Called when Swinject keeps `storage`'s instance outside any run of it: if the pending frame
    /// is innermost, `storage`'s factory was running when the hook was installed, and what the
    /// frame collected is its run. The frame then goes on for the factory around it, which
    /// resolved `storage`. Returns whether the run was known.
    func handPending(to storage: TrackedStorage, kept: Bool) -> Bool {
        guard let frame = frames.last, frame.storage == nil else { return false }
        if kept {
            storage.finishRun(
                keys: frame.keys, typed: frame.typed, dependencies: frame.dependencies, startedAt: frame.generation)
        }
        for key in frame.tentative { storage.registry.withdrawOutsideRead(key) }
        frame.tentative = []
        frame.keys = [:]
        frame.typed = [:]
        frame.dependencies = kept ? [ObjectIdentifier(storage)] : []
        return true
    }

    /// Closes the pending frame if it is innermost; its reads stay outside reads.
    func closePending() {
        guard let frame = frames.last, frame.storage == nil else { return }
        frames.removeLast()
        Self.openRuns.wrappingDecrement(by: 1, ordering: .relaxed)
    }

    /// Records that the innermost running factory requested `storage`'s registration.
    func noteDependency(_ storage: TrackedStorage) {
        frames.last?.dependencies.insert(ObjectIdentifier(storage))
    }

    /// Records that `key` was read as `T` at `fileID`:`line` through `container`.
    func read<T>(
        _ key: String, as type: T.Type, required: Bool, fileID: String, line: Int, through container: Container
    ) {
        let identity = ContainerIdentity(container)
        if identity != lastInstalledContainer, let generation = installHooks(through: container, identity: identity) {
            openPending(generation: generation, container: ObjectIdentifier(container))
        }
        if let frame = frames.last, frame.storage == nil {
            if frame.container == ObjectIdentifier(container) {
                readPending(key, as: T.self, required: required, fileID: fileID, line: line, through: container)
                return
            }
            closePending()
        }
        if let frame = frames.last {
            if frame.keys[key] == nil {
                let site = PropertyUsage.ReadSite(fileID: fileID, line: line)
                frame.keys[key] = site
                frame.typed[key] = TypedRead(T.self, required: required, site: site)
            }
            return
        }
        if lastOutsideContainer == identity, lastOutsideKey == key { return }
        guard let registry = UsageRegistry.nearest(to: container) else { return }
        registry.recordOutsideRead(key, at: PropertyUsage.ReadSite(fileID: fileID, line: line))
        // Only a container with attachments may be remembered by its identity.
        guard ContainerAttachments.existing(for: container) != nil else {
            lastOutsideContainer = .none
            return
        }
        (lastOutsideContainer, lastOutsideKey) = (identity, key)
    }
}

extension UsageFrames {
    /// Records a read in the pending frame, and as an outside read until a factory claims it.
    @inline(never)
    private func readPending<T>(
        _ key: String, as type: T.Type, required: Bool, fileID: String, line: Int, through container: Container
    ) {
        guard let frame = frames.last, frame.keys[key] == nil else { return }
        let site = PropertyUsage.ReadSite(fileID: fileID, line: line)
        frame.keys[key] = site
        frame.typed[key] = TypedRead(T.self, required: required, site: site)
        if let registry = UsageRegistry.nearest(to: container), registry.recordOutsideRead(key, at: site) {
            frame.tentative.insert(key)
        }
    }

    /// Installs the hook of each registry along `container`'s lineage that has none yet: a read
    /// runs on the thread that resolves the container, where Swinject's state may be touched.
    /// Returns the generation of the nearest registry when this call installed a hook.
    @inline(never)
    fileprivate func installHooks(through container: Container, identity: ContainerIdentity) -> Int? {
        let made = UsageRegistry.made.load(ordering: .acquiring)
        if Self.installedLineages.remembered(for: container)?.count == made { return nil }
        var installed = false
        for member in ContainerLineage.ancestry(of: container) {
            if let registry = UsageRegistry.existing(for: member), registry.install(on: member) { installed = true }
        }
        // Only a container with attachments may be remembered by its identity.
        if UsageRegistry.existing(for: container) != nil {
            lastInstalledContainer = identity
        } else {
            Self.installedLineages.remember(nil, count: made, for: container)
        }
        guard installed else { return nil }
        return UsageRegistry.nearest(to: container)?.generation.load(ordering: .acquiring)
    }
}

/// The one call every read path makes to record its key.
enum PropertyUsageRecording {
    static func read<T>(
        _ key: String, as type: T.Type, required: Bool = false, fileID: String, line: Int,
        through resolver: any Resolver
    ) {
        guard let container = resolver as? Container else { return }
        read(key, as: T.self, required: required, fileID: fileID, line: line, through: container)
    }

    /// The same for a container, without a cast from `any Resolver` (the typed reads' path).
    static func read<T>(
        _ key: String, as type: T.Type, required: Bool = false, fileID: String, line: Int, through container: Container
    ) {
        UsageFrames.slot.withCurrent {
            $0.read(key, as: T.self, required: required, fileID: fileID, line: line, through: container)
        }
    }
}
