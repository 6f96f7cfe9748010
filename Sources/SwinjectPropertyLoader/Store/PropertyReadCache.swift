import Swinject
import SwinjectKitSupport

/// Per thread, the container the thread read properties through last, with the store it reads
/// and the snapshot it read, so that repeated reads through one container take neither a
/// look-up's locks nor the store's.
///
/// The entry keeps the container `unowned`: that does not keep the container alive (its `deinit`
/// runs as usual), but its memory stays allocated until the entry lets go, so no other container
/// can take its address. A living container at the remembered address is therefore the
/// remembered one, and while it lives so does the container that owns its store (itself or an
/// ancestor, which it holds), so the store is held unretained. The store found is still the right
/// one while no store was attached anywhere since (``PropertyStoreRegistry/installs``): one
/// attached to a nearer ancestor would take over. The snapshot is current while the store's
/// ``PropertyStore/publishedSnapshots`` count is unchanged; a store over an ancestor's rebuilds
/// its snapshot when the ancestor's changes, so its snapshot is asked for on each read.
///
/// A thread thus keeps alive at most one snapshot beyond what the stores hold, and the memory
/// (not the contents) of one container: those it read last, until its next read of another
/// container or of a newer snapshot, or until it exits.
final class PropertyReadCache {
    // Touched only by its own thread, so its accesses need no run-time exclusivity check.
    // Benchmark: property.container, property.inFactory
    private var address: UInt = 0
    private var installs = -1
    private unowned var container: Container?
    @exclusivity(unchecked) private unowned(unsafe) var store: PropertyStore = .empty
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

    /// The store a read of `container` uses.
    static func store(of container: Container) -> PropertyStore {
        slot.withCurrent { cache in
            cache.update(for: container)
            return cache.store
        }
    }

    /// Makes ``store`` and ``snapshot`` the ones a read of `container` uses.
    private func update(for container: Container) {
        guard UInt(bitPattern: ObjectIdentifier(container)) == address,
            PropertyStoreRegistry.installs == installs
        else { return remember(container) }
        if store.hasAncestors {
            snapshot = store.storedSnapshot()
            return
        }
        let published = store.publishedSnapshots
        if published != self.published { (self.published, snapshot) = (published, store.storedSnapshot()) }
    }

    /// Looks `container`'s store up and remembers it.
    private func remember(_ container: Container) {
        // Counted before the look-up, so a store attached during it leaves the entry out of date.
        let installs = PropertyStoreRegistry.installs
        let store = PropertyStoreRegistry.store(forContainer: container)
        // Counted before the snapshot is taken, so a snapshot swapped in between is only ever
        // paired with an older count, which the next read sees as changed.
        let published = store.publishedSnapshots
        (self.container, address) = (container, UInt(bitPattern: ObjectIdentifier(container)))
        (self.installs, self.store) = (installs, store)
        (self.published, snapshot) = (published, store.storedSnapshot())
    }
}
