import Swinject
import Synchronization

/// Finds the property store of any Swinject container.
///
/// Swinject gives a factory the container that resolves it: the container itself, the child
/// container that `synchronize()` returns, or a child container. Each container gets its own
/// store layer the first time it is seen, linked to its parent's layer (found through the
/// parent reference Swinject keeps), so a synchronized resolver and a child container see the
/// parent's properties, and a child's own loaders override them.
enum PropertyStoreRegistry {
    private struct Entry: Sendable {
        let reference: WeakContainerReference
        let store: PropertyStore
        var container: Container? { reference.container }
    }

    /// A weak reference used only for identity checks (`===`) and liveness; the container is
    /// never called through it, so sharing the reference between threads is safe.
    private final class WeakContainerReference: @unchecked Sendable {
        weak var container: Container?
        init(_ container: Container) { self.container = container }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var sweepThreshold = 64
    }

    private static let table = Mutex(Table())

    /// The store layer of `container`, created (with its ancestors' layers) on first use.
    static func store(forContainer container: Container) -> PropertyStore {
        let id = ObjectIdentifier(container)
        if let entry = table.withLock({ $0.entries[id] }), entry.container === container {
            return entry.store
        }
        let parentStore = parentContainer(of: container).map { store(forContainer: $0) }
        let created = PropertyStore(parent: parentStore)
        let reference = WeakContainerReference(container)
        return table.withLock { table in
            if let existing = table.entries[id], existing.container === reference.container { return existing.store }
            table.entries[id] = Entry(reference: reference, store: created)
            if table.entries.count > table.sweepThreshold {
                table.entries = table.entries.filter { $0.value.container != nil }
                table.sweepThreshold = max(64, table.entries.count * 2)
            }
            return created
        }
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
