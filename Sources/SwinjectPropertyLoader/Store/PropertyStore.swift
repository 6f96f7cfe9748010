import PropertyFormats
import SwinjectKitSupport

/// The properties of one container: the current ``PropertySnapshot`` and, for a child
/// container, the loaders applied to it, which are applied again on top of the parent's
/// snapshot whenever that changes.
///
/// Readers take the current snapshot under a lock held only to copy one reference, and read it
/// without any lock. Applying a loader builds the next snapshot outside that lock (builds are
/// serialized by a second lock) and swaps it in, so readers see all of a loader's keys or none,
/// and never wait for a build.
final class PropertyStore: Sendable {
    /// The identities of the container's ancestors, nearest first. Their stores are looked up
    /// when read, so a parent that gets its first properties after this store was made is seen.
    private let ancestors: [ObjectIdentifier]
    private let state: LockedValue<State>
    /// Serializes builds: applying a loader, and rebuilding on a changed parent snapshot.
    private let builds = Lock()

    private struct State {
        var snapshot = PropertySnapshot.empty
        /// The parent snapshot ``snapshot`` was built on (nil: none).
        var base: PropertySnapshot?
        /// This container's own loaders, kept only when it has ancestors to rebuild on.
        var batches: [(batch: PropertyBatch, merging: PropertyMerge)] = []
        /// Bounds on placeholder expansion for the next builds.
        var placeholderLimits = PlaceholderLimits.default
    }

    init(ancestors: [ObjectIdentifier]) {
        self.ancestors = ancestors
        state = LockedValue(State())
    }

    /// A store that stays empty, for containers that have no properties anywhere in their line.
    static let empty = PropertyStore(ancestors: [])

    /// The current snapshot: this container's loaders over its nearest ancestor's properties,
    /// without a test's override layer (reads use ``snapshot()``, which adds it).
    func storedSnapshot() -> PropertySnapshot {
        guard !ancestors.isEmpty else { return state.withLock { $0.snapshot } }
        let (own, base) = state.withLock { ($0.snapshot, $0.base) }
        let parent = parentSnapshot()
        if parent === base { return own }
        return builds.withLock { rebuilt(on: parent) }
    }

    /// The snapshot of the nearest ancestor that has a store, or nil.
    private func parentSnapshot() -> PropertySnapshot? {
        for id in ancestors {
            if let store = PropertyStoreRegistry.existingStore(id) { return store.storedSnapshot() }
        }
        return nil
    }

    /// The snapshot for `parent`, built now if the current one was built on another. Called
    /// holding ``builds``.
    private func rebuilt(on parent: PropertySnapshot?) -> PropertySnapshot {
        let (own, base, batches, limits) = state.withLock { ($0.snapshot, $0.base, $0.batches, $0.placeholderLimits) }
        if parent === base { return own }
        var snapshot = parent ?? .empty
        if let all = try? snapshot.applying(batches, placeholderLimits: limits) {
            snapshot = all
        } else {
            // Each batch applied once already; its key depths do not depend on the base, but its
            // placeholders may name keys the new parent no longer sets: keep those that apply.
            for (batch, merging) in batches {
                if let next = try? snapshot.applying(batch, merging: merging, placeholderLimits: limits) {
                    snapshot = next
                }
            }
        }
        state.withLock { state in
            state.snapshot = snapshot
            state.base = parent
        }
        return snapshot
    }

    /// Adds a loader's properties, merged as `merging` says; the store is unchanged when a key
    /// exceeds `ParseLimits.maxKeySegments` or a placeholder does not resolve.
    func apply(_ batch: PropertyBatch, merging: PropertyMerge = .replace) throws(PropertyLoaderError) {
        try apply([(batch, merging)])
    }

    /// Adds several loaders' properties in order, all or none, resolving placeholders once after
    /// the last.
    func apply(_ batches: [(batch: PropertyBatch, merging: PropertyMerge)]) throws(PropertyLoaderError) {
        let parent = ancestors.isEmpty ? nil : parentSnapshot()
        try builds.withLock { () throws(PropertyLoaderError) in
            let current = ancestors.isEmpty ? state.withLock { $0.snapshot } : rebuilt(on: parent)
            let limits = state.withLock { $0.placeholderLimits }
            let next = try current.applying(batches, placeholderLimits: limits)
            state.withLock { state in
                state.snapshot = next
                if !ancestors.isEmpty { state.batches.append(contentsOf: batches) }
            }
        }
    }

    /// Bounds on placeholder expansion, used from the next loader applied.
    var placeholderLimits: PlaceholderLimits {
        get { state.withLock { $0.placeholderLimits } }
        set { state.withLock { $0.placeholderLimits = newValue } }
    }
}
