package import Swinject

/// Reads and writes the stored properties of a Swinject `ServiceEntry` that Swinject keeps
/// internal: its object scope, the container it was registered on, and its lazily made instance
/// storage (Swinject ``SwinjectInternals/checkedVersion``).
///
/// Swinject asks an entry's `InstanceStorage` for a kept instance just before running the factory
/// and again just after, on the resolving thread. Putting a wrapper in the storage slot is the one
/// hook SwinjectKit has into resolution (``setStorage(_:of:)``).
///
/// The slot is written at an offset computed with Swift's class layout rule (each stored property
/// in declaration order, at the next multiple of its alignment after the object header). Before
/// any raw read, the names, order and types of the stored properties `Mirror` reports must be the
/// expected ones; then the offsets are checked against a probe entry (the scope read at its offset
/// is the probe's scope, the storage read at its offset is the one `Mirror` reports once Swinject
/// made it). On any difference nothing is ever read or written raw.
package enum SwinjectEntryFields {
    private struct Layout {
        let scope: Int
        let storage: Int
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
        return field(layout.scope, of: entry, as: (any ObjectScopeProtocol).self)
    }

    /// The container the entry was registered on, while it lives.
    package static func container(of entry: AnyObject) -> Container? {
        guard layout != nil else { return nil }
        return SwinjectInternals.child(containerIndex, "container", of: entry) as? Container
    }

    /// The entry's instance storage, or nil while Swinject has not made it yet.
    package static func storage(of entry: AnyObject) -> (any InstanceStorage)? {
        guard let layout else { return nil }
        return field(layout.storage, of: entry, as: (any InstanceStorage)?.self)
    }

    /// Replaces the entry's instance storage. Call on the thread that resolves the container, or
    /// holding ``SwinjectContainerLock`` for a container resolved through `synchronize()`: the
    /// same rule under which Swinject makes the storage itself.
    package static func setStorage(_ storage: any InstanceStorage, of entry: AnyObject) {
        guard let layout else { return }
        withExtendedLifetime(entry) {
            // No safe equivalent: the address of a field of Swinject's private storage (the one hook)
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(entry).toOpaque())
            (base + layout.storage).assumingMemoryBound(to: (any InstanceStorage)?.self).pointee = storage
        }
    }

    /// Whether `object` is a Swinject `ServiceEntry`, checked before any raw read of it.
    static func isEntry(_ object: AnyObject) -> Bool {
        TypeNames.short(type(of: object)).hasPrefix("ServiceEntry<")
    }

    private static func field<T>(_ offset: Int, of entry: AnyObject, as type: T.Type) -> T {
        withExtendedLifetime(entry) {
            // No safe equivalent: the address of a field of Swinject's private storage (the one hook)
            let base = UnsafeRawPointer(Unmanaged.passUnretained(entry).toOpaque())
            return (base + offset).assumingMemoryBound(to: T.self).pointee
        }
    }

    private static func computeAndCheck() -> Layout? {
        let container = SwinjectInternals.probeContainer()
        let entry = container.register(Probe.self) { _ in Probe() }.inObjectScope(.container)
        // Names and types first, through `Mirror` only.
        guard SwinjectInternals.labels(of: entry) == expectedLabels,
            SwinjectInternals.child(scopeIndex, "objectScope", of: entry) as? ObjectScope === ObjectScope.container,
            SwinjectInternals.child(containerIndex, "container", of: entry) as? Container === container,
            let unmade = SwinjectInternals.child(storageIndex, expectedLabels[storageIndex], of: entry),
            type(of: unmade) == Optional<any InstanceStorage>.self, mirrorStorage(of: entry) == nil
        else { return nil }

        var offset = 2 * MemoryLayout<Int>.size
        func place<T>(_ type: T.Type) -> Int {
            let alignment = MemoryLayout<T>.alignment
            offset = (offset + alignment - 1) / alignment * alignment
            defer { offset += MemoryLayout<T>.size }
            return offset
        }
        _ = place([Int].self)  // initCompletedActions: an array of closures
        _ = place(Any.Type.self)  // serviceType
        _ = place(Any.Type.self)  // argumentsType
        _ = place(Any.self)  // factory
        _ = place(UnsafeRawPointer?.self)  // container: one weak reference
        let candidate = Layout(
            scope: place((any ObjectScopeProtocol).self), storage: place((any InstanceStorage)?.self))

        guard field(candidate.scope, of: entry, as: (any ObjectScopeProtocol).self) === ObjectScope.container,
            field(candidate.storage, of: entry, as: (any InstanceStorage)?.self) == nil
        else { return nil }
        // Makes Swinject create the storage, then compares it with what the offset holds.
        container.resetObjectScope(.container)
        guard let made = mirrorStorage(of: entry),
            let read = field(candidate.storage, of: entry, as: (any InstanceStorage)?.self), made === read
        else { return nil }
        return candidate
    }

    private static func mirrorStorage(of entry: AnyObject) -> (any InstanceStorage)? {
        SwinjectInternals.child(storageIndex, expectedLabels[storageIndex], of: entry) as? any InstanceStorage
    }
}
