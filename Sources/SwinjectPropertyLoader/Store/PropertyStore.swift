import PropertyFormats
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// The properties of one container: the current ``PropertySnapshot`` and, for a child
/// container, the loaders applied to it, which are applied again on top of the parent's
/// snapshot whenever that changes.
///
/// Readers take the current snapshot under a lock held only to copy one reference, and read it
/// without any lock; a thread that reads the same container again checks only a count of the
/// snapshots stored (``PropertyReadCache``). Applying a loader builds the next snapshot outside that lock (builds are
/// serialized by a second lock) and swaps it in, so readers see all of a loader's keys or none,
/// and never wait for a build. A reload (``reload(_:)``) builds a whole new snapshot from the
/// kept layers the same way, so a reader sees every file of one reload or none of them.
final class PropertyStore: Sendable {
    /// The identities of the container's ancestors, nearest first. Their stores are looked up
    /// when read, so a parent that gets its first properties after this store was made is seen.
    private let ancestors: [ObjectIdentifier]
    private let state: LockedValue<State>
    /// Serializes builds: applying a loader, and rebuilding on a changed parent snapshot.
    private let builds = Lock()
    /// Counts the snapshots stored, raised under ``state``'s lock after each one is stored.
    private let published = StoredAtomic<Int>(0)

    private struct State {
        var snapshot = PropertySnapshot.empty
        /// The parent snapshot ``snapshot`` was built on (nil: none).
        var base: PropertySnapshot?
        /// This container's own loaders since ``prefix``, kept when it has ancestors to rebuild
        /// on or once a reloader owns some of them (``keepsLayers``).
        var layers: [PropertyLayer] = []
        /// Whether ``layers`` holds every loader applied since ``prefix``.
        var keepsLayers = false
        /// What loaders applied before the store kept layers made (the empty snapshot for a
        /// store with ancestors, which keeps layers from the start).
        var prefix = PropertySnapshot.empty
        /// Bounds on placeholder expansion for the next builds.
        var placeholderLimits = PlaceholderLimits.default
        /// The container's own secret rules, when it has some (`Container.propertySecrets`).
        var secrets: PropertySecrets?
    }

    init(ancestors: [ObjectIdentifier]) {
        self.ancestors = ancestors
        var initial = State()
        initial.keepsLayers = !ancestors.isEmpty
        state = LockedValue(initial)
    }

    /// A store that stays empty, for containers that have no properties anywhere in their line.
    static let empty = PropertyStore(ancestors: [])

    /// How many snapshots were stored so far. A snapshot read after this count is at least as
    /// new as the one stored when the count was reached; a reader that kept that snapshot has
    /// the current one while the count is unchanged.
    var publishedSnapshots: Int { published.load(ordering: .acquiring) }

    /// Whether the snapshot depends on ancestors' stores, which change without this store's
    /// count.
    var hasAncestors: Bool { !ancestors.isEmpty }

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
        let (own, base, layers, limits) = state.withLock { ($0.snapshot, $0.base, $0.layers, $0.placeholderLimits) }
        if parent === base { return own }
        var snapshot = parent ?? .empty
        let batches = PropertyLayer.batches(layers)
        let secrets = secretRules()
        if let all = try? snapshot.applying(batches, placeholderLimits: limits, secrets: secrets) {
            snapshot = all
        } else {
            // Each batch applied once already; its key depths do not depend on the base, but its
            // placeholders may name keys the new parent no longer sets: keep those that apply.
            for (batch, merging) in batches {
                if let next = try? snapshot.applying(
                    batch, merging: merging, placeholderLimits: limits, secrets: secrets)
                {
                    snapshot = next
                }
            }
        }
        let replaced = publish(snapshot) { $0.base = parent }
        // Released here, outside the lock: freeing a large tree must not hold up readers.
        withExtendedLifetime(replaced) {}
        return snapshot
    }

    /// Stores `snapshot` with `update`'s other changes to the state, counts it in ``published``,
    /// and returns the snapshot it replaced.
    private func publish(_ snapshot: PropertySnapshot, _ update: (inout State) -> Void) -> PropertySnapshot {
        state.withLock { state in
            defer {
                state.snapshot = snapshot
                update(&state)
                published.wrappingIncrement(by: 1, ordering: .releasing)
            }
            return state.snapshot
        }
    }

    /// Adds a loader's properties, merged as `merging` says; the store is unchanged when a key
    /// exceeds `ParseLimits.maxKeySegments` or a placeholder does not resolve.
    func apply(_ batch: PropertyBatch, merging: PropertyMerge = .replace) throws(PropertyLoaderError) {
        try apply([(batch, merging)])
    }

    /// Adds several loaders' properties in order, all or none, resolving placeholders once after
    /// the last.
    func apply(_ batches: [(batch: PropertyBatch, merging: PropertyMerge)]) throws(PropertyLoaderError) {
        try apply(layers: batches.map { PropertyLayer(batch: $0.batch, merging: $0.merging) }, keepingLayers: false)
    }

    /// Adds `layers` in order, all or none, as ``apply(_:)-([(batch:merging:)])`` does. With
    /// `keepingLayers`, the store keeps every layer applied from now on (what it held before
    /// becomes its prefix), so that ``reload(_:)`` can build the snapshot again.
    func apply(layers: [PropertyLayer], keepingLayers: Bool) throws(PropertyLoaderError) {
        let parent = ancestors.isEmpty ? nil : parentSnapshot()
        try builds.withLock { () throws(PropertyLoaderError) in
            let current = ancestors.isEmpty ? state.withLock { $0.snapshot } : rebuilt(on: parent)
            let limits = state.withLock { $0.placeholderLimits }
            let next = try current.applying(
                PropertyLayer.batches(layers), placeholderLimits: limits, secrets: secretRules())
            state.withLock { state in
                if keepingLayers && !state.keepsLayers {
                    state.prefix = current
                    state.keepsLayers = true
                }
                state.snapshot = next
                published.wrappingIncrement(by: 1, ordering: .releasing)
                if state.keepsLayers { state.layers.append(contentsOf: layers) }
            }
        }
    }

    /// Builds the snapshot again from the prefix (or the parent's current snapshot) and every
    /// kept layer in order, with the batch in `fresh` for each layer whose slot it names, and
    /// swaps it in whole. Throws, changing nothing, when the new layers do not apply (a key
    /// with too many segments) or leave a placeholder unresolved that the current snapshot
    /// resolves: a running service must not lose a value it can read now.
    ///
    /// - Returns: The snapshot replaced and the one now current.
    func reload(
        _ fresh: [Int: PropertyBatch],
        validate: (_ old: PropertySnapshot, _ new: PropertySnapshot) throws(PropertyLoaderError) -> Void = { _, _ in }
    ) throws(PropertyLoaderError) -> (old: PropertySnapshot, new: PropertySnapshot) {
        let parent = ancestors.isEmpty ? nil : parentSnapshot()
        return try builds.withLock { () throws(PropertyLoaderError) in
            if !ancestors.isEmpty { _ = rebuilt(on: parent) }
            let (prefix, kept, limits) = state.withLock { ($0.prefix, $0.layers, $0.placeholderLimits) }
            var layers = kept
            for index in layers.indices {
                if let slot = layers[index].slot, let batch = fresh[slot] { layers[index].batch = batch }
            }
            let base = ancestors.isEmpty ? prefix : (parent ?? .empty)
            let next = try base.applying(
                PropertyLayer.batches(layers), placeholderLimits: limits, secrets: secretRules())
            let current = state.withLock { $0.snapshot }
            let known = current.placeholderFailures
            if let broken = next.placeholderFailures.filter({ known[$0.key] == nil }).min(by: { $0.key < $1.key }) {
                throw broken.value
            }
            try validate(current, next)
            let old = publish(next) { $0.layers = layers }
            return (old, next)
        }
    }

    /// Bounds on placeholder expansion, used from the next loader applied.
    var placeholderLimits: PlaceholderLimits {
        get { state.withLock { $0.placeholderLimits } }
        set { state.withLock { $0.placeholderLimits = newValue } }
    }

    /// The container's own secret rules, kept beside the ones `Container.propertySecrets`
    /// attaches so that builds, which know no container, mask placeholder errors by them.
    var secrets: PropertySecrets? {
        get { state.withLock { $0.secrets } }
        set { state.withLock { $0.secrets = newValue } }
    }

    /// The secret rules of this store's container or its nearest ancestor that has some.
    private func secretRules() -> PropertySecrets {
        if let own = secrets { return own }
        for id in ancestors {
            if let rules = PropertyStoreRegistry.existingStore(id)?.secrets { return rules }
        }
        return .default
    }
}
