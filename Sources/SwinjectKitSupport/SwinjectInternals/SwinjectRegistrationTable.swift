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
        /// Where a key's fields are.
        let keys: SwinjectServiceKeyFields
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
            return read(dictionary, keys: layout.keys)
        }
    }

    /// Reads each key's fields at the offsets ``SwinjectServiceKeyFields`` checked (the key, not
    /// the entry, holds the registered type: `implements` files one entry under a second type).
    private static func read(_ dictionary: Any, keys: SwinjectServiceKeyFields) -> [SwinjectRegistration]? {
        guard let table = dictionary as? any ServiceTablePairs else { return nil }
        var result: [SwinjectRegistration] = []
        result.reserveCapacity(table.pairCount)
        var complete = true
        var entryClasses = Set<ObjectIdentifier>()
        table.forEachPair { key, entry in
            guard complete, let fields = keys.read(key),
                SwinjectEntryFields.isEntry(entry, knownClasses: &entryClasses)
            else {
                complete = false
                return
            }
            result.append(
                SwinjectRegistration(
                    serviceType: fields.serviceType, argumentsType: fields.argumentsType, name: fields.name,
                    hasOption: fields.hasOption, entry: entry))
        }
        return complete ? result : nil
    }

    /// Checks, before any raw read, that the types are the expected ones; then that the rwlock's
    /// bytes at the computed offset change when it is taken there and `Mirror` sees the change;
    /// then that each probe key reads the same at the computed offsets as through `Mirror`.
    private static func findLayout() -> Layout? {
        let container = SwinjectInternals.probeContainer()
        container.register(Int.self, name: "probe") { _ in 0 }
        container._register(String.self, factory: { (_: Resolver) in "" }, option: ProbeOption())
        guard let services = SwinjectInternals.child(0, "services", of: container),
            TypeNames.short(type(of: services)).hasPrefix("ThreadSafeDictionary<"),
            SwinjectInternals.labels(of: services) == ["internalDictionary", "lock"],
            let lockObject = SwinjectInternals.child(1, "lock", of: services).map({ $0 as AnyObject }),
            TypeNames.short(type(of: lockObject)) == "ReadWriteLock",
            SwinjectInternals.labels(of: lockObject) == ["lock"],
            SwinjectInternals.child(0, "lock", of: lockObject) is pthread_rwlock_t
        else { return nil }
        let header = 2 * MemoryLayout<Int>.size
        let alignment = MemoryLayout<pthread_rwlock_t>.alignment
        let offset = (header + alignment - 1) / alignment * alignment
        // No safe equivalent: the address of a field of Swinject's private storage (the one hook)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(lockObject).toOpaque())
        let rwlock = (base + offset).assumingMemoryBound(to: pthread_rwlock_t.self)
        let locks = withExtendedLifetime(lockObject) { () -> Bool in
            guard let unlocked = SwinjectInternals.child(0, "lock", of: lockObject) as? pthread_rwlock_t else {
                return false
            }
            pthread_rwlock_rdlock(rwlock)
            let locked = SwinjectInternals.child(0, "lock", of: lockObject) as? pthread_rwlock_t
            pthread_rwlock_unlock(rwlock)
            guard let locked, !bytesEqual(unlocked, locked) else { return false }
            return true
        }
        guard locks, let dictionary = SwinjectInternals.child(0, "internalDictionary", of: services),
            let table = dictionary as? any ServiceTablePairs, table.pairCount == 2
        else { return nil }
        var keys: SwinjectServiceKeyFields?
        var keysMatch = true
        table.forEachBoxedPair { key, bytes, _ in
            keys = keys ?? SwinjectServiceKeyFields.candidate(for: key)
            guard let read = keys?.read(bytes), let mirrored = SwinjectServiceKeyFields.mirrored(key), read == mirrored
            else {
                keysMatch = false
                return
            }
        }
        guard keysMatch, let keys else { return nil }
        let layout = Layout(rwlockOffset: offset, keys: keys)
        // The listing itself must find the probe registrations as registered.
        let found = registrations(of: container, layout: layout)?.sorted { !$0.hasOption && $1.hasOption }
        guard let found, found.count == 2,
            found[0].serviceType == Int.self, found[0].name == "probe", !found[0].hasOption,
            found[1].serviceType == String.self, found[1].name == nil, found[1].hasOption
        else { return nil }
        return layout
    }

    /// An extension's key option, to check where a key keeps it.
    private struct ProbeOption: ServiceKeyOption {
        func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is ProbeOption }
        func hash(into hasher: inout Hasher) {}
        var description: String { "probe" }
    }

    private static func bytesEqual(_ a: pthread_rwlock_t, _ b: pthread_rwlock_t) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }
}
