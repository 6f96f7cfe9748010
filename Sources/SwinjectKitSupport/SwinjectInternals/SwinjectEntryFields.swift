package import Swinject

/// Reads and writes the stored properties of a Swinject `ServiceEntry` that Swinject keeps
/// internal: its object scope, the container it was registered on, and its lazily made instance
/// storage (Swinject ``SwinjectInternals/checkedVersion``).
///
/// Swinject asks an entry's `InstanceStorage` for a kept instance just before running the factory
/// and again just after, on the resolving thread. Putting a wrapper in the storage slot is the one
/// hook SwinjectKit has into resolution (``setStorage(_:of:)``).
///
/// The fields are read and the slot written at the offsets the runtime's field records give
/// (``StoredFields``), once the names, order and types of the stored properties are the expected
/// ones and a probe entry reads as registered there (its scope, no storage before Swinject makes
/// one, then the `PermanentStorage` Swinject made). On any difference nothing is ever read or
/// written raw.
package enum SwinjectEntryFields {
    private struct Layout {
        let scope: Int
        let storage: Int
        let container: Int
    }

    /// `weak var container: Container?`, read through a field of the same declaration so that
    /// the copy takes the weak reference as Swift does.
    private struct WeakContainer {
        weak var container: Container?
    }

    private final class Probe {}

    private static let expectedLabels = [
        "initCompletedActions", "serviceType", "argumentsType", "factory", "container", "objectScope",
        "$__lazy_storage_$_storage",
    ]
    private static let containerIndex = 4
    private static let scopeIndex = 5
    private static let storageIndex = 6

    private static let layout: Layout? = computeAndCheck()

    static var layoutProblem: String? {
        layout == nil ? "ServiceEntry's stored properties are not \(expectedLabels) at the expected offsets" : nil
    }

    /// Whether entries can be read and written (the layout checks passed).
    package static var isAvailable: Bool { layout != nil }

    /// Whether `object` is a Swinject `ServiceEntry`; `knownClasses` remembers the classes
    /// already found to be, so a listing reads each class's name once.
    package static func isEntry(_ object: AnyObject, knownClasses: inout Set<ObjectIdentifier>) -> Bool {
        let objectClass = ObjectIdentifier(type(of: object))
        if knownClasses.contains(objectClass) { return true }
        guard isEntry(object) else { return false }
        knownClasses.insert(objectClass)
        return true
    }

    /// The entry's object scope.
    package static func scope(of entry: AnyObject) -> (any ObjectScopeProtocol)? {
        guard let layout, isEntry(entry) else { return nil }
        // Read where the layout check found it: a `Mirror` of the entry asks each new
        // `ServiceEntry<Service>` class whether it is `CustomReflectable`, a scan of every
        // conformance record per service type at start-up (`hummingbird.start-up-to-first-200`).
        return StoredFields.load((any ObjectScopeProtocol).self, at: layout.scope, of: entry)
    }

    /// The container the entry was registered on, while it lives.
    package static func container(of entry: AnyObject) -> Container? {
        guard let layout, isEntry(entry) else { return nil }
        return StoredFields.load(WeakContainer.self, at: layout.container, of: entry).container
    }

    /// The entry's instance storage, or nil while Swinject has not made it yet.
    package static func storage(of entry: AnyObject) -> (any InstanceStorage)? {
        guard let layout else { return nil }
        return StoredFields.load((any InstanceStorage)?.self, at: layout.storage, of: entry)
    }

    /// Replaces the entry's instance storage. Call on the thread that resolves the container, or
    /// holding ``SwinjectContainerLock`` for a container resolved through `synchronize()`: the
    /// same rule under which Swinject makes the storage itself.
    package static func setStorage(_ storage: any InstanceStorage, of entry: AnyObject) {
        guard let layout else { return }
        StoredFields.store(Optional(storage), at: layout.storage, of: entry)
    }

    /// Whether `object` is a Swinject `ServiceEntry`, checked before any raw read of it.
    static func isEntry(_ object: AnyObject) -> Bool {
        TypeNames.short(type(of: object)).hasPrefix("ServiceEntry<")
    }

    private static func computeAndCheck() -> Layout? {
        let container = SwinjectInternals.probeContainer()
        let entry = container.register(Probe.self) { _ in Probe() }.inObjectScope(.container)
        guard let fields = StoredFields.of(type(of: entry)), fields.map(\.name) == expectedLabels,
            let containerOffset = StoredFields.offset(
                at: containerIndex, named: "container", in: fields, type: Optional<Container>.self),
            let scope = StoredFields.offset(
                at: scopeIndex, named: "objectScope", in: fields, type: (any ObjectScopeProtocol).self),
            let storage = StoredFields.offset(
                at: storageIndex, named: expectedLabels[storageIndex], in: fields,
                type: Optional<any InstanceStorage>.self)
        else { return nil }
        let candidate = Layout(scope: scope, storage: storage, container: containerOffset)
        guard StoredFields.load((any ObjectScopeProtocol).self, at: scope, of: entry) === ObjectScope.container,
            StoredFields.load(WeakContainer.self, at: containerOffset, of: entry).container === container,
            StoredFields.load((any InstanceStorage)?.self, at: storage, of: entry) == nil
        else { return nil }
        // Makes Swinject create the storage, then checks that the offset holds it.
        container.resetObjectScope(.container)
        guard StoredFields.load((any InstanceStorage)?.self, at: storage, of: entry) is PermanentStorage else {
            return nil
        }
        return candidate
    }
}
