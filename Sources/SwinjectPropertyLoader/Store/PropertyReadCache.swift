import Swinject
import SwinjectKitSupport

/// Per thread, the container whose properties the thread read last, with its store and the
/// snapshot it read, so that repeated reads of one container take neither the attachments
/// table's lock nor the store's.
///
/// The entry names its container by ``ContainerIdentity``, so only a container with attachments
/// is kept: one with its own store, which lives in its attachments. While the container lives its
/// own store lives, so the store is held unretained. The snapshot is current while the store's
/// ``PropertyStore/publishedSnapshots`` count is unchanged.
///
/// A thread thus keeps at most one snapshot alive beyond what the stores hold: the one it read
/// last, until its next read of another container or of a newer snapshot, or until it exits.
final class PropertyReadCache {
    // Touched only by its own thread, so its accesses need no run-time exclusivity check.
    // Benchmark: property.container, property.inFactory
    @exclusivity(unchecked) private var container = ContainerIdentity.none
    @exclusivity(unchecked) private unowned(unsafe) var store: PropertyStore = .empty  // Benchmark: property.container
    @exclusivity(unchecked) private var published = -1
    @exclusivity(unchecked) private var snapshot: PropertySnapshot = .empty

    private static let slot = ThreadLocal { PropertyReadCache() }

    /// The value `key` names in the properties a read of `container` sees, the current task's
    /// override layer included.
    static func value(_ key: String, of container: Container) -> PropertyValue? {
        slot.withCurrent { cache in
            cache.update(for: container)
            if let layer = PropertyOverrideLayer.currentIfUsed {
                return layer.layered(cache.snapshot).value(key)
            }
            return cache.snapshot.value(key)
        }
    }

    /// Makes ``snapshot`` the stored snapshot a read of `container` uses.
    private func update(for container: Container) {
        let identity = ContainerIdentity(container)
        if self.container == identity {
            let published = store.publishedSnapshots
            if published != self.published { (self.published, snapshot) = (published, store.storedSnapshot()) }
            return
        }
        let (store, isOwn) = PropertyStoreRegistry.lookup(container)
        guard isOwn, !store.hasAncestors else {
            self.container = .none
            snapshot = store.storedSnapshot()
            return
        }
        // Counted before the snapshot is taken, so a snapshot swapped in between is only ever
        // paired with an older count, which the next read sees as changed.
        let published = store.publishedSnapshots
        (self.container, self.store) = (identity, store)
        (self.published, snapshot) = (published, store.storedSnapshot())
    }
}
