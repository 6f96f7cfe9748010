import Swinject
import SwinjectKitSupport
import Synchronization

/// The tracked factories running on one thread, innermost last, and what each has read so far.
///
/// Swinject runs a factory, and every factory it resolves from inside it, on the thread that
/// called `resolve`, so a per-thread stack follows one resolution exactly. A property read
/// is attributed to the innermost running factory only (direct usage); the registrations it
/// resolved are kept as its dependencies, from which discarding finds what transitively used a
/// key. Touched only by its own thread, so it needs no lock.
final class UsageFrames {
    private final class Frame {
        let storage: TrackedStorage
        /// The registry generation when the run started.
        let generation: Int
        @exclusivity(unchecked) var keys: [String: PropertyUsage.ReadSite] = [:]
        @exclusivity(unchecked) var dependencies: Set<ObjectIdentifier> = []
        @exclusivity(unchecked) var typed: [String: TypedRead] = [:]

        init(storage: TrackedStorage, generation: Int) {
            self.storage = storage
            self.generation = generation
        }
    }

    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The last read made outside any tracked factory, so a loop reading one key from one
    /// container records it once.
    @exclusivity(unchecked) private var lastOutsideContainer = ContainerIdentity.none
    @exclusivity(unchecked) private var lastOutsideKey = ""

    static let slot = ThreadLocal { UsageFrames() }

    /// How many tracked runs are open on all threads: while none is, a resolve of a kept
    /// instance neither ends a run nor records a dependency, and skips the thread-local lookup
    /// (`resolve.container.tracked` benchmark row). A thread sees its own runs in program order.
    static let openRuns = Atomic<Int>(0)

    /// The calling thread's frames.
    static var current: UsageFrames { slot.current }

    func isRunning(_ storage: TrackedStorage) -> Bool {
        frames.last?.storage === storage
    }

    /// Starts a run of `storage`'s factory.
    func start(_ storage: TrackedStorage, generation: Int) {
        Self.openRuns.add(1, ordering: .relaxed)
        frames.append(Frame(storage: storage, generation: generation))
    }

    /// Ends the innermost run, which is `storage`'s, keeping what it read.
    func finish(_ storage: TrackedStorage) {
        let frame = frames.removeLast()
        Self.openRuns.subtract(1, ordering: .relaxed)
        storage.finishRun(
            keys: frame.keys, typed: frame.typed, dependencies: frame.dependencies, startedAt: frame.generation)
    }

    /// Ends the innermost run without keeping it.
    func abandon(_ storage: TrackedStorage) {
        frames.removeLast()
        Self.openRuns.subtract(1, ordering: .relaxed)
    }

    /// Records that the innermost running factory requested `storage`'s registration.
    func noteDependency(_ storage: TrackedStorage) {
        frames.last?.dependencies.insert(ObjectIdentifier(storage))
    }

    /// Records that `key` was read as `T` at `fileID`:`line` through `container`.
    func read<T>(
        _ key: String, as type: T.Type, required: Bool, fileID: String, line: Int, through container: Container
    ) {
        if let frame = frames.last {
            if frame.keys[key] == nil {
                let site = PropertyUsage.ReadSite(fileID: fileID, line: line)
                frame.keys[key] = site
                frame.typed[key] = TypedRead(T.self, required: required, site: site)
            }
            return
        }
        let identity = ContainerIdentity(container)
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

/// The one call every read path makes to record its key.
enum PropertyUsageRecording {
    @inline(__always)
    static func read<T>(
        _ key: String, as type: T.Type, required: Bool = false, fileID: String, line: Int,
        through resolver: any Resolver
    ) {
        guard let container = resolver as? Container else { return }
        read(key, as: T.self, required: required, fileID: fileID, line: line, through: container)
    }

    /// The same for a container, without a cast from `any Resolver` (the typed reads' path).
    @inline(__always)
    static func read<T>(
        _ key: String, as type: T.Type, required: Bool = false, fileID: String, line: Int, through container: Container
    ) {
        UsageFrames.slot.withCurrent {
            $0.read(key, as: T.self, required: required, fileID: fileID, line: line, through: container)
        }
    }
}
