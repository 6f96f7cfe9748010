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
/// The store lives in the container's attachments (``ContainerAttachments``, the one table of
/// per-container state), so it is found there and freed with the container. Reading never
/// changes a container: a container without a store reads through its nearest ancestor's, and a
/// store is attached only by applying a loader. So a first `r.property` never mutates a container
/// that other threads register on.
///
/// A thread's repeated reads skip the look-up (``PropertyReadCache``); ``installs`` tells that
/// cache when a store appeared that may be nearer than the one it remembers.
enum PropertyStoreRegistry {
    /// The attachment that holds a container's store.
    private final class Owner: Sendable {
        let store: PropertyStore

        init(store: PropertyStore) {
            self.store = store
        }
    }

    /// How many stores were attached so far.
    static var installs: Int { installed.load(ordering: .acquiring) }
    private static let installed = StoredAtomic<Int>(0)

    /// The store to read `container`'s properties from: its own, else the nearest ancestor's,
    /// else an empty one. Never adds anything to any container.
    static func store(forContainer container: Container) -> PropertyStore {
        var current = container
        while true {
            if let store = ownStore(of: current) { return store }
            guard let parent = ContainerLineage.parent(of: current) else { return .empty }
            current = parent
        }
    }

    /// The store behind a resolver, when the resolver is a Swinject `Container` (which is what
    /// Swinject passes to factories, including through `synchronize()` and `Assembler`).
    static func store(forResolver resolver: any Resolver) -> PropertyStore? {
        guard let container = resolver as? Container else { return nil }
        return PropertyReadCache.store(of: container)
    }

    /// The container's own store, made on first use: the store loaders are applied to.
    static func store(forApplyingTo container: Container) -> PropertyStore {
        if let store = ownStore(of: container) { return store }
        var created = false
        let owner = ContainerAttachments.of(container).value(Owner.self) {
            created = true
            let ancestors = ContainerLineage.ancestry(of: container).dropFirst().map { ObjectIdentifier($0) }
            return Owner(store: PropertyStore(ancestors: ancestors))
        }
        if created { installed.wrappingIncrement(by: 1, ordering: .releasing) }
        return owner.store
    }

    /// The own store of the container with identity `id`, if it has one.
    static func existingStore(_ id: ObjectIdentifier) -> PropertyStore? {
        ContainerAttachments.existing(id: id)?.value(Owner.self)?.store
    }

    /// `container`'s own store, if it has one.
    private static func ownStore(of container: Container) -> PropertyStore? {
        ContainerAttachments.existing(for: container)?.value(Owner.self)?.store
    }
}
