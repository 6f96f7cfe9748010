import Swinject
import Synchronization

/// Finds the property store of any Swinject container.
///
/// Swinject gives a factory the container that resolves it: the container itself, the child
/// container that `synchronize()` returns, or a child container. Each container gets its own
/// store layer the first time it is seen, linked to its parent's layer (found through the
/// parent reference Swinject keeps), so a synchronized resolver and a child container see the
/// parent's properties, and a child's own loaders override them.
///
/// A container owns its layer through a ``StoreOwner`` behavior added to it; when the
/// container is deallocated the owner's `deinit` removes the registry entry, so a container's
/// properties are freed with it and an entry never outlives the container whose address keys
/// it. Lookups therefore need no weak references (whose side tables would also slow down
/// every retain and release of the container).
enum PropertyStoreRegistry {
    /// Keeps a container's store alive for as long as the container, and unregisters it when
    /// the container goes away. Swinject calls behaviors only on registration; this one ignores it.
    private final class StoreOwner: Behavior {
        let id: ObjectIdentifier
        let store: PropertyStore

        init(id: ObjectIdentifier, store: PropertyStore) {
            self.id = id
            self.store = store
        }

        func container<Type, Service>(
            _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
            withName name: String?
        ) {}

        deinit {
            let id = id
            let store = store
            PropertyStoreRegistry.table.withLock { entries in
                if entries[id] === store { entries[id] = nil }
            }
        }
    }

    private static let table = Mutex([ObjectIdentifier: PropertyStore]())

    /// The store layer of `container`, created (with its ancestors' layers) on first use.
    static func store(forContainer container: Container) -> PropertyStore {
        let id = ObjectIdentifier(container)
        if let store = table.withLock({ $0[id] }) { return store }
        let parentStore = parentContainer(of: container).map { store(forContainer: $0) }
        let created = PropertyStore(parent: parentStore)
        let existing: PropertyStore? = table.withLock { entries in
            if let existing = entries[id] { return existing }
            entries[id] = created
            return nil
        }
        if let existing { return existing }
        container.addBehavior(StoreOwner(id: id, store: created))
        return created
    }

    /// The store behind a resolver, when the resolver is a Swinject `Container` (which is what
    /// Swinject passes to factories, including through `synchronize()` and `Assembler`).
    static func store(forResolver resolver: any Resolver) -> PropertyStore? {
        guard let container = resolver as? Container else { return nil }
        return store(forContainer: container)
    }

    /// Swinject keeps a container's parent in a private stored property; reflection reads it.
    private static func parentContainer(of container: Container) -> Container? {
        for child in Mirror(reflecting: container).children where child.label == "parent" {
            return child.value as? Container
        }
        return nil
    }
}
