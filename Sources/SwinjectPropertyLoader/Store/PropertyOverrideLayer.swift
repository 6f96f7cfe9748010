import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Property values layered over every container's merged properties on one task: the
/// properties a test sets for itself (SwinjectKitTesting's `.properties` trait and
/// `withOverrides(.properties(...))`).
///
/// A layer is a task-local value: the test's task and its child tasks read through it, other
/// tasks, including tests running in parallel, never see it. Each layer applies its batch with
/// the one merge model on top of what the reading container's store holds (and on top of the
/// enclosing layer), so placeholders that refer to an overridden key see the test's value. The
/// layered snapshot is built once per stored snapshot and kept while the layer lives.
package final class PropertyOverrideLayer: Sendable {
    /// The layer this one was opened inside, applied first.
    private let enclosing: PropertyOverrideLayer?
    private let batch: PropertyBatch
    /// Layered snapshots by the stored snapshot they were built on; a few, since a test's stores
    /// rarely change while it runs.
    private let built = LockedValue<[(base: PropertySnapshot, layered: PropertySnapshot)]>([])
    private let errors = LockedValue<[PropertyLoaderError]>([])

    /// The innermost layer of the current task.
    @TaskLocal package static var current: PropertyOverrideLayer?

    /// Whether a layer was ever made in this process. Until then a read pays one relaxed load
    /// for layers; it never goes back to `false`, since a task started inside a layer keeps it.
    static let wasUsed = StoredAtomic<Bool>(false)

    /// A layer that sets `properties` over `enclosing` (the current task's layer by default).
    ///
    /// - Throws: The ``PropertyLoaderError`` applying the properties gives on their own (a key
    ///   with too many segments, a malformed placeholder), naming the key and source.
    package init(
        _ properties: [LoadedProperty], over enclosing: PropertyOverrideLayer? = PropertyOverrideLayer.current
    ) throws(PropertyLoaderError) {
        let batch = PropertyBatch(properties)
        _ = try PropertySnapshot.empty.applying(batch, merging: .replace)
        self.enclosing = enclosing
        self.batch = batch
        Self.wasUsed.store(true, ordering: .relaxed)
    }

    /// Errors found while layering over a store's properties (a passed placeholder limit); reads
    /// then see the stored properties without the layer. A placeholder that does not resolve is
    /// not one: its read fails, as without a layer.
    package var layeringErrors: [PropertyLoaderError] {
        errors.withLock { $0 } + (enclosing?.layeringErrors ?? [])
    }

    /// `base` with the enclosing layers and this one applied.
    func layered(_ base: PropertySnapshot) -> PropertySnapshot {
        let below = enclosing?.layered(base) ?? base
        if let found = built.withLock({ entries in entries.first { $0.base === below }?.layered }) {
            return found
        }
        let layered: PropertySnapshot
        do {
            layered = try below.applying(batch, merging: .replace)
        } catch {
            errors.withLock { $0.append(error) }
            return below
        }
        built.withLock { entries in
            if entries.count >= 8 { entries.removeFirst() }
            entries.append((below, layered))
        }
        return layered
    }
}

extension PropertyStore {
    /// The snapshot every read uses: the stored one, with the current task's override layer on
    /// top when there is one. Code that never makes a layer pays one relaxed atomic load here.
    func snapshot() -> PropertySnapshot {
        PropertyOverrideLayer.overCurrentTask(storedSnapshot())
    }
}

extension PropertyOverrideLayer {
    /// The current task's layer; one relaxed load while no layer was ever made in this process.
    static var currentIfUsed: PropertyOverrideLayer? {
        wasUsed.load(ordering: .relaxed) ? current : nil
    }

    /// `stored` with the current task's layer on top, or `stored` itself when the task has none.
    static func overCurrentTask(_ stored: PropertySnapshot) -> PropertySnapshot {
        currentIfUsed?.layered(stored) ?? stored
    }
}
