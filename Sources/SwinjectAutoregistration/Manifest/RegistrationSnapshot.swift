import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the registrations a Swinject container already holds, while holding the lock Swinject
/// itself takes to read and write them.
///
/// Swinject has no public way to list registrations. It keeps them in a dictionary guarded by a
/// `pthread_rwlock_t` (its `ThreadSafeDictionary` and `ReadWriteLock`), which every `register`
/// takes for writing. This reader finds that lock through `Mirror`, takes it for reading, and
/// only then reads the dictionary, so a `register` on another thread (an `Injector`'s, say) never
/// changes the dictionary under it, and the thread sanitizer sees the ordering.
///
/// Every step checks the layout it relies on; when one does not match (another Swinject
/// version), nothing is read and ``registrations(of:)`` returns nil, so callers say that earlier
/// registrations are not visible instead of guessing.
enum RegistrationSnapshot {
    /// One registration as Swinject keys it.
    struct Registration {
        let serviceType: Any.Type
        let argumentsType: Any.Type
        let name: String?
        let entry: AnyObject
    }

    /// The registrations of `container` (not its ancestors), or nil when Swinject's layout is not
    /// the one this reader knows. Registrations under a service-key option (extensions' internal
    /// entries) are left out.
    static func registrations(of container: Container) -> [Registration]? {
        guard let services = child(0, "services", of: container).map({ $0 as AnyObject }),
            let lockObject = child(1, "lock", of: services).map({ $0 as AnyObject }),
            let lock = rwlockAddress(of: lockObject)
        else { return nil }
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        guard let dictionary = child(0, "internalDictionary", of: services) else { return nil }
        var result: [Registration] = []
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
            guard let serviceType, let argumentsType else { return nil }
            if hasOption { continue }
            result.append(
                Registration(
                    serviceType: serviceType, argumentsType: argumentsType, name: name, entry: parts[1] as AnyObject))
        }
        return result
    }

    /// The address of the `pthread_rwlock_t` inside Swinject's `ReadWriteLock`: its only stored
    /// property, so the first field after the object header; nil when the class is not a
    /// `ReadWriteLock` with exactly that one field.
    private static func rwlockAddress(of lockObject: AnyObject) -> UnsafeMutablePointer<pthread_rwlock_t>? {
        let fields = Array(Mirror(reflecting: lockObject).children)
        guard fields.count == 1, fields[0].label == "lock", fields[0].value is pthread_rwlock_t,
            String(describing: type(of: lockObject)) == "ReadWriteLock"
        else { return nil }
        let header = 2 * MemoryLayout<Int>.size
        let alignment = MemoryLayout<pthread_rwlock_t>.alignment
        let offset = (header + alignment - 1) / alignment * alignment
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(lockObject).toOpaque())
        return (base + offset).assumingMemoryBound(to: pthread_rwlock_t.self)
    }

    /// The stored property at `index` of `subject` if its label is `label`. Only that property is
    /// read (`Mirror` reads children when subscripted), so the dictionary is never touched before
    /// the lock is held.
    static func child(_ index: Int, _ label: String, of subject: Any) -> Any? {
        let children = Mirror(reflecting: subject).children
        guard index < children.count else { return nil }
        let child = children[children.index(children.startIndex, offsetBy: index)]
        return child.label == label ? child.value : nil
    }
}
