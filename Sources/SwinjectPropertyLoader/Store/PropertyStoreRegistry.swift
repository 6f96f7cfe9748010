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
/// by container identity makes the common read one locked dictionary lookup; the attachment's
/// `deinit` removes the entry, so an entry never outlives the container whose address keys it.
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
            PropertyStoreRegistry.index.withLock { entries in
                if entries[id] === store { entries[id] = nil }
            }
        }
    }

    private static let index = LockedValue([ObjectIdentifier: PropertyStore]())

    /// The store to read `container`'s properties from: its own, else the nearest ancestor's,
    /// else an empty one. Never adds a behavior to any container.
    static func store(forContainer container: Container) -> PropertyStore {
        if let store = existingStore(ObjectIdentifier(container)) { return store }
        if let attachments = ContainerAttachments.existing(for: container) {
            return install(in: attachments, for: container)
        }
        var current = container
        while let parent = ContainerLineage.parent(of: current) {
            if let store = existingStore(ObjectIdentifier(parent)) { return store }
            current = parent
        }
        return .empty
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

    /// The store of the container with identity `id`, if it has one.
    static func existingStore(_ id: ObjectIdentifier) -> PropertyStore? {
        index.withLock { $0[id] }
    }

    private static func install(in attachments: ContainerAttachments, for container: Container) -> PropertyStore {
        let id = ObjectIdentifier(container)
        let owner = attachments.value(Owner.self) {
            let ancestors = ContainerLineage.ancestry(of: container).dropFirst().map { ObjectIdentifier($0) }
            return Owner(id: id, store: PropertyStore(ancestors: ancestors))
        }
        index.withLock { $0[id] = owner.store }
        return owner.store
    }
}
