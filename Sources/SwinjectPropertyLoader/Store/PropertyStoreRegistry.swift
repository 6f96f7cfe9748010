import Swinject
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Finds the property store of any Swinject container.
///
/// Swinject gives a factory the container that resolves it: the container itself, the child
/// container that `synchronize()` returns, or a child container. A container gets its own store
/// when a loader is applied to it; a store sees the properties of the nearest ancestor that has
/// one (found through ``ContainerLineage``), and its own loaders override them.
///
/// A container's own store is one of its ``ContainerAttachments``: that table is the one index of
/// stores, and the store is freed with the container. Two caches sit in front of it:
/// ``PropertyReadCache`` answers a thread's repeated reads of one container with its own store,
/// and ``ContainerMemo`` remembers, for a container without a store (a synchronized resolver, a
/// child), which ancestor's store it reads through, so that its reads do not walk the parent
/// chain each time.
///
/// Reading never changes a container: a container without a store reads through its nearest
/// ancestor's, and a store is attached (``ContainerAttachments``, which may add Swinject's one
/// behavior) only by applying a loader, or without touching the container when it already has
/// attachments. So a first `r.property` never mutates a container that other threads register on.
enum PropertyStoreRegistry {
    /// For a container without a store of its own, the store it reads through (its nearest
    /// ancestor's, which lives as long as the container) and the count of installed stores when
    /// it was found: a store installed since may be a nearer ancestor's.
    private static let readings = ContainerMemo()
    /// Counts installed stores; raised after a store is attached.
    private static let installs = StoredAtomic<Int>(0)

    /// The store to read `container`'s properties from: its own, else the nearest ancestor's,
    /// else an empty one. Never adds a behavior to any container.
    static func store(forContainer container: Container) -> PropertyStore {
        lookup(container).store
    }

    /// ``store(forContainer:)``, and whether the store is the container's own (one in its
    /// attachments, which lives as long as the container).
    static func lookup(_ container: Container) -> (store: PropertyStore, isOwn: Bool) {
        let id = ObjectIdentifier(container)
        if let attachments = ContainerAttachments.existing(id: id) {
            return (install(in: attachments, for: container), true)
        }
        let installed = installs.load(ordering: .acquiring)
        if let reading = readings.remembered(for: container), reading.count == installed,
            let store = reading.object as? PropertyStore
        {
            return (store, false)
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
        readings.remember(store, count: installed, for: container)
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
        install(in: ContainerAttachments.of(container), for: container)
    }

    /// The own store of the living container with identity `id`, if it has one.
    static func existingStore(_ id: ObjectIdentifier) -> PropertyStore? {
        ContainerAttachments.existing(id: id)?.value(PropertyStore.self)
    }

    /// The store in `attachments`, made and attached on first use.
    private static func install(in attachments: ContainerAttachments, for container: Container) -> PropertyStore {
        if let store = attachments.value(PropertyStore.self) { return store }
        var made: PropertyStore?
        let store = attachments.value(PropertyStore.self) {
            let ancestors = ContainerLineage.ancestry(of: container).dropFirst().map { ObjectIdentifier($0) }
            let created = PropertyStore(ancestors: ancestors)
            made = created
            return created
        }
        // A new store may be nearer to some container than the one its reader remembers.
        if store === made { installs.wrappingIncrement(by: 1, ordering: .releasing) }
        return store
    }
}
