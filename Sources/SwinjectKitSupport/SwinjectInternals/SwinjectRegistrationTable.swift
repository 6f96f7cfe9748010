package import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One registration as Swinject keys it.
package struct SwinjectRegistration {
    package let serviceType: Any.Type
    package let argumentsType: Any.Type
    package let name: String?
    /// Whether the key has a `ServiceKeyOption` (an extension's internal entry).
    package let hasOption: Bool
    /// The `ServiceEntry` object.
    package let entry: AnyObject

    /// Whether the factory takes only the resolver (a `register(_:name:factory:)` registration).
    package var takesOnlyResolver: Bool { argumentsType == ((any Resolver).self as Any.Type) }
}

/// Lists the registrations a container holds (not its ancestors'), holding the lock Swinject
/// itself takes to read and write them.
///
/// Swinject keeps registrations in `Container.services`, a `ThreadSafeDictionary` whose
/// `internalDictionary` is guarded by a `ReadWriteLock` around one `pthread_rwlock_t`, which every
/// `register` takes for writing (Swinject ``SwinjectInternals/checkedVersion``). This reader takes
/// it for reading, so a `register` on another thread never changes the dictionary under it and
/// the thread sanitizer sees the ordering.
package enum SwinjectRegistrationTable {
    private struct Layout {
        /// The offset of the `pthread_rwlock_t` in the `ReadWriteLock` object.
        let rwlockOffset: Int
    }

    private static let layout: Layout? = findLayout()

    static var layoutProblem: String? {
        layout == nil
            ? "Container.services is not a ThreadSafeDictionary of ServiceKey to ServiceEntry behind a ReadWriteLock"
            : nil
    }

    /// The registrations of `container`, or nil on an unknown Swinject layout.
    package static func registrations(of container: Container) -> [SwinjectRegistration]? {
        layout.flatMap { registrations(of: container, layout: $0) }
    }

    private static func registrations(of container: Container, layout: Layout) -> [SwinjectRegistration]? {
        guard let services = SwinjectInternals.child(0, "services", of: container).map({ $0 as AnyObject }),
            let lockObject = SwinjectInternals.child(1, "lock", of: services).map({ $0 as AnyObject })
        else { return nil }
        // No safe equivalent: the address of a field of Swinject's private storage (the one hook)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(lockObject).toOpaque())
        let rwlock = (base + layout.rwlockOffset).assumingMemoryBound(to: pthread_rwlock_t.self)
        return withExtendedLifetime(lockObject) {
            pthread_rwlock_rdlock(rwlock)
            defer { pthread_rwlock_unlock(rwlock) }
            guard let dictionary = SwinjectInternals.child(0, "internalDictionary", of: services) else { return nil }
            return read(dictionary)
        }
    }

    private static func read(_ dictionary: Any) -> [SwinjectRegistration]? {
        var result: [SwinjectRegistration] = []
        for pair in Mirror(reflecting: dictionary).children {
            let parts = Mirror(reflecting: pair.value).children.map(\.value)
            guard parts.count == 2 else { return nil }
            var serviceType: Any.Type?
            var argumentsType: Any.Type?
            var name: String?
            var hasOption = false
            for field in Mirror(reflecting: parts[0]).children {
                switch field.label {
                case "serviceType": serviceType = field.value as? Any.Type
                case "argumentsType": argumentsType = field.value as? Any.Type
                case "name": name = field.value as? String
                case "option": hasOption = Mirror(reflecting: field.value).children.first != nil
                default: break
                }
            }
            let entry = parts[1] as AnyObject
            // `_typeName` is what `String(describing:)` prints for a type, without its conformance
            // checks on the metatype (a scan of every conformance record, for each entry).
            guard let serviceType, let argumentsType,
                _typeName(type(of: entry), qualified: false).hasPrefix("ServiceEntry<")
            else { return nil }
            result.append(
                SwinjectRegistration(
                    serviceType: serviceType, argumentsType: argumentsType, name: name, hasOption: hasOption,
                    entry: entry))
        }
        return result
    }

    /// Checks, before any raw read, that the types are the expected ones; then that the rwlock's
    /// bytes at the computed offset change when it is taken there and `Mirror` sees the change.
    private static func findLayout() -> Layout? {
        let container = SwinjectInternals.probeContainer()
        container.register(Int.self) { _ in 0 }
        guard let services = SwinjectInternals.child(0, "services", of: container),
            String(describing: type(of: services)).hasPrefix("ThreadSafeDictionary<"),
            SwinjectInternals.labels(of: services) == ["internalDictionary", "lock"],
            let lockObject = SwinjectInternals.child(1, "lock", of: services).map({ $0 as AnyObject }),
            String(describing: type(of: lockObject)) == "ReadWriteLock",
            SwinjectInternals.labels(of: lockObject) == ["lock"],
            SwinjectInternals.child(0, "lock", of: lockObject) is pthread_rwlock_t
        else { return nil }
        let header = 2 * MemoryLayout<Int>.size
        let alignment = MemoryLayout<pthread_rwlock_t>.alignment
        let offset = (header + alignment - 1) / alignment * alignment
        // No safe equivalent: the address of a field of Swinject's private storage (the one hook)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(lockObject).toOpaque())
        let rwlock = (base + offset).assumingMemoryBound(to: pthread_rwlock_t.self)
        let layout = withExtendedLifetime(lockObject) { () -> Layout? in
            guard let unlocked = SwinjectInternals.child(0, "lock", of: lockObject) as? pthread_rwlock_t else {
                return nil
            }
            pthread_rwlock_rdlock(rwlock)
            let locked = SwinjectInternals.child(0, "lock", of: lockObject) as? pthread_rwlock_t
            pthread_rwlock_unlock(rwlock)
            guard let locked, !bytesEqual(unlocked, locked) else { return nil }
            return Layout(rwlockOffset: offset)
        }
        guard let layout else { return nil }
        // The listing itself must find the probe registration.
        let found = registrations(of: container, layout: layout)
        guard let found, found.count == 1, found[0].serviceType == Int.self else { return nil }
        return layout
    }

    private static func bytesEqual(_ a: pthread_rwlock_t, _ b: pthread_rwlock_t) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }
}
