import Swinject

/// Reads and writes the two stored properties of a Swinject `ServiceEntry` that usage tracking
/// needs and Swinject keeps internal: the object scope and the lazily created instance storage.
///
/// Swinject runs a factory with no hook before it, but it asks the entry's `InstanceStorage`
/// for a persisted instance just before running the factory and again just after. Usage tracking
/// puts a ``TrackedStorage`` in the entry's storage slot, wrapping the storage Swinject would
/// have made, so those two questions mark the start and the end of each factory run. The same
/// slot is how selective discarding reaches one registration's instance.
///
/// The slot is written at a field offset computed with Swift's class layout rule (each stored
/// property in declaration order, at the next multiple of its alignment after the object
/// header). Before the first write the computed offsets are checked against a probe entry: the
/// stored property names and order `Mirror` reports must be the expected ones, the scope read at
/// its offset must be the probe's scope, and the storage read at its offset must be the object
/// `Mirror` reports once Swinject made it. When any check fails (another Swinject layout),
/// ``isAvailable`` is false and nothing is ever written: the usage report says tracking is off,
/// and discarding falls back to resetting whole scopes.
enum ServiceEntrySlots {
    private struct Layout {
        let scope: Int
        let storage: Int
    }

    private final class Probe {}

    private static let expectedLabels = [
        "initCompletedActions", "serviceType", "argumentsType", "factory", "container", "objectScope",
        "$__lazy_storage_$_storage",
    ]

    private static let layout: Layout? = computeAndCheck()

    /// Whether the layout checks passed, so slots can be read and written.
    static var isAvailable: Bool { layout != nil }

    /// The entry's object scope.
    static func scope(of entry: AnyObject) -> (any ObjectScopeProtocol)? {
        guard let layout else { return nil }
        return field(layout.scope, of: entry, as: (any ObjectScopeProtocol).self)
    }

    /// The entry's instance storage, or nil while Swinject has not made it yet.
    static func storage(of entry: AnyObject) -> (any InstanceStorage)? {
        guard let layout else { return nil }
        return field(layout.storage, of: entry, as: (any InstanceStorage)?.self)
    }

    /// Replaces the entry's instance storage. The caller holds the container's configuration
    /// phase (registration) or Swinject's lock, as Swinject itself does when it makes the storage.
    static func setStorage(_ storage: any InstanceStorage, of entry: AnyObject) {
        guard let layout else { return }
        withExtendedLifetime(entry) {
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(entry).toOpaque())
            (base + layout.storage).assumingMemoryBound(to: (any InstanceStorage)?.self).pointee = storage
        }
    }

    private static func field<T>(_ offset: Int, of entry: AnyObject, as type: T.Type) -> T {
        withExtendedLifetime(entry) {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(entry).toOpaque())
            return (base + offset).assumingMemoryBound(to: T.self).pointee
        }
    }

    private static func computeAndCheck() -> Layout? {
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
        let scopeOffset = place((any ObjectScopeProtocol).self)
        let storageOffset = place((any InstanceStorage)?.self)
        let candidate = Layout(scope: scopeOffset, storage: storageOffset)

        let container = Container()
        let entry = container.register(Probe.self) { _ in Probe() }.inObjectScope(.container)
        let labels = Mirror(reflecting: entry).children.map { $0.label ?? "" }
        guard labels == expectedLabels, mirrorStorage(of: entry) == nil else { return nil }
        let scope = field(candidate.scope, of: entry, as: (any ObjectScopeProtocol).self)
        guard scope === ObjectScope.container,
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
        let child = Mirror(reflecting: entry).children.first { $0.label == "$__lazy_storage_$_storage" }
        return child?.value as? any InstanceStorage
    }
}
