import Swinject
import SwinjectKitSupport

/// Finds the property store of any Swinject container.
///
/// Swinject gives a factory the container that resolves it: the container itself, the child
/// container that `synchronize()` returns, or a child container. A container gets its own store
/// when a loader is applied to it; a store sees the properties of the nearest ancestor that has
/// one (found through ``ContainerLineage``), and its own loaders override them.
///
/// Reading never changes a container: a container without a store reads through its nearest
/// ancestor's, and a store is attached (``ContainerAttachments``, which may add Swinject's one
/// behavior) only by applying a loader, or without touching the container when it already has
/// attachments. So a first `r.property` never mutates a container that other threads register on.
///
/// The store lives in the container's attachments, so it is freed with the container. An index
/// by container identity makes a lookup one locked dictionary read (and a thread's repeated reads
/// of one container skip even that, ``PropertyReadCache``); the attachment's
/// `deinit` removes the entry, so an entry never outlives the container whose address keys it.
/// A container without a store (a synchronized resolver) remembers, weakly, which ancestor's
/// store it reads through.
enum PropertyStoreRegistry {
    /// The attachment that owns a container's store and unindexes it when released.
    private final class Owner: Sendable {
        let id: ObjectIdentifier
        let store: PropertyStore

        init(id: ObjectIdentifier, store: PropertyStore) {
            self.id = id
            self.store = store
        }

        deinit {
            let id = id
            let store = store
            PropertyStoreRegistry.tables.withLock { tables in
                if tables.stores[id] === store { tables.stores[id] = nil }
                if tables.recentID == id { (tables.recentID, tables.recentStore) = (nil, nil) }
            }
        }
    }

    /// The store a container without one of its own reads through (its nearest ancestor's),
    /// remembered so that reads through a synchronized resolver do not walk the parent chain
    /// each time. The weak reference tells a reused address from the same container; the epoch
    /// tells whether a store was installed since, which may be a nearer ancestor's.
    private final class Reader {
        weak var container: Container?
        let store: PropertyStore
        let epoch: Int

        init(container: Container, store: PropertyStore, epoch: Int) {
            self.container = container
            self.store = store
            self.epoch = epoch
        }
    }

    private struct Tables {
        /// Containers' own stores by container identity.
        var stores: [ObjectIdentifier: PropertyStore] = [:]
        /// The last entry of ``stores`` read, so that repeated reads of one container skip
        /// hashing its identity. Cleared with that entry, so a reused address never finds it.
        var recentID: ObjectIdentifier?
        var recentStore: PropertyStore?
        var readers: [ObjectIdentifier: Reader] = [:]
        /// Counts installed stores.
        var epoch = 0
        /// When ``readers`` reaches this size, entries of released containers are dropped.
        var pruneAt = 64
    }

    private static let tables = LockedValue(Tables())

    /// The store to read `container`'s properties from: its own, else the nearest ancestor's,
    /// else an empty one. Never adds a behavior to any container.
    static func store(forContainer container: Container) -> PropertyStore {
        lookup(container).store
    }

    /// ``store(forContainer:)``, and whether the store is the container's own (one in its
    /// attachments, which lives as long as the container).
    static func lookup(_ container: Container) -> (store: PropertyStore, isOwn: Bool) {
        let id = ObjectIdentifier(container)
        let (known, isOwn, epoch) = tables.withLock { tables -> (PropertyStore?, Bool, Int) in
            if tables.recentID == id, let store = tables.recentStore { return (store, true, tables.epoch) }
            if let store = tables.stores[id] {
                (tables.recentID, tables.recentStore) = (id, store)
                return (store, true, tables.epoch)
            }
            if let reader = tables.readers[id], reader.epoch == tables.epoch, reader.container === container {
                return (reader.store, false, tables.epoch)
            }
            return (nil, false, tables.epoch)
        }
        if let known { return (known, isOwn) }
        if let attachments = ContainerAttachments.existing(for: container) {
            return (install(in: attachments, for: container), true)
        }
        var store = PropertyStore.empty
        var current = container
        while let parent = ContainerLineage.parent(of: current) {
            if let found = existingStore(ObjectIdentifier(parent)) {
                store = found
                break
            }
            current = parent
        }
        let reader = Reader(container: container, store: store, epoch: epoch)
        tables.withLock { tables in
            tables.readers[id] = reader
            if tables.readers.count >= tables.pruneAt {
                tables.readers = tables.readers.filter { $0.value.container != nil }
                tables.pruneAt = max(64, tables.readers.count * 2)
            }
        }
        return (store, false)
    }

    /// The store behind a resolver, when the resolver is a Swinject `Container` (which is what
    /// Swinject passes to factories, including through `synchronize()` and `Assembler`).
    static func store(forResolver resolver: any Resolver) -> PropertyStore? {
        guard let container = resolver as? Container else { return nil }
        return store(forContainer: container)
    }

    /// The container's own store, made on first use: the store loaders are applied to.
    static func store(forApplyingTo container: Container) -> PropertyStore {
        if let store = existingStore(ObjectIdentifier(container)) { return store }
        return install(in: ContainerAttachments.of(container), for: container)
    }

    /// The own store of the container with identity `id`, if it has one.
    static func existingStore(_ id: ObjectIdentifier) -> PropertyStore? {
        tables.withLock { $0.stores[id] }
    }

    private static func install(in attachments: ContainerAttachments, for container: Container) -> PropertyStore {
        let id = ObjectIdentifier(container)
        let owner = attachments.value(Owner.self) {
            let ancestors = ContainerLineage.ancestry(of: container).dropFirst().map { ObjectIdentifier($0) }
            return Owner(id: id, store: PropertyStore(ancestors: ancestors))
        }
        tables.withLock { tables in
            if tables.stores[id] !== owner.store {
                tables.stores[id] = owner.store
                tables.epoch += 1
                if tables.recentID == id { (tables.recentID, tables.recentStore) = (nil, nil) }
            }
        }
        return owner.store
    }
}
