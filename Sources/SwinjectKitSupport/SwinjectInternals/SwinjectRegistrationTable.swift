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
        /// The offset of `Container.services`, a `ThreadSafeDictionary`.
        let services: Int
        /// The offset and type of the table's dictionary in the `ThreadSafeDictionary` object.
        let dictionary: Int
        let dictionaryType: Any.Type
        /// The offset of the table's `ReadWriteLock` in the `ThreadSafeDictionary` object.
        let lock: Int
        /// The offset of the `pthread_rwlock_t` in the `ReadWriteLock` object.
        let rwlock: Int
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
        let services = StoredFields.load(AnyObject.self, at: layout.services, of: container)
        let lockObject = StoredFields.load(AnyObject.self, at: layout.lock, of: services)
        return StoredFields.withField(pthread_rwlock_t.self, at: layout.rwlock, of: lockObject) { rwlock in
            pthread_rwlock_rdlock(rwlock)
            defer { pthread_rwlock_unlock(rwlock) }
            let dictionary = StoredFields.loadBoxed(layout.dictionaryType, at: layout.dictionary, of: services)
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

    /// Finds each field in the runtime's field records, checking names and types before any raw
    /// read; then checks that the listing finds a probe table's two registrations, one with a
    /// name and one with an option, as they were registered.
    private static func findLayout() -> Layout? {
        guard let containerFields = SwinjectInternals.containerFields,
            let services = StoredFields.offset(
                at: 0, named: "services", in: containerFields,
                where: { TypeNames.short($0).hasPrefix("ThreadSafeDictionary<") }),
            let tableFields = StoredFields.of(containerFields[0].type),
            tableFields.map(\.name) == ["internalDictionary", "lock"],
            let lock = StoredFields.offset(
                at: 1, named: "lock", in: tableFields, where: { TypeNames.short($0) == "ReadWriteLock" }),
            let lockFields = StoredFields.of(tableFields[1].type),
            let rwlock = StoredFields.offset(at: 0, named: "lock", in: lockFields, type: pthread_rwlock_t.self),
            lockFields.count == 1
        else { return nil }
        let container = SwinjectInternals.probeContainer()
        container.register(Int.self, name: "probe") { _ in 0 }
        container._register(String.self, factory: { (_: Resolver) in "" }, option: ProbeOption())
        let servicesObject = StoredFields.load(AnyObject.self, at: services, of: container)
        let dictionaryType = tableFields[0].type
        guard
            let table = StoredFields.loadBoxed(dictionaryType, at: tableFields[0].offset, of: servicesObject)
                as? any ServiceTablePairs,
            table.pairCount == 2,
            let keys = SwinjectServiceKeyFields.find(in: table.keyType.type, size: table.keyType.size)
        else { return nil }
        let layout = Layout(
            services: services, dictionary: tableFields[0].offset, dictionaryType: dictionaryType, lock: lock,
            rwlock: rwlock, keys: keys)
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
}
