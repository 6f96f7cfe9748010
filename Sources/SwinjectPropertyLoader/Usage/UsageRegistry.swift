import Swinject
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// The tracked registrations of one container, the reads made outside any tracked factory, and
/// the log of reloads that changed keys, kept in the container's ``ContainerAttachments``.
///
/// A container gets its registry when a loader is applied to it (or its usage is asked for),
/// without touching Swinject's state, so a loader may be applied on any thread. The hook is
/// installed later, on the thread that resolves: at the first property read through the
/// container (normally a factory during the first resolve), at ``Swinject/Container/checkProperties(resolvingRegistrations:)``,
/// and when a test override opens. Installing wraps the storage of every registration the
/// container holds (``SwinjectRegistrationTable``, under Swinject's locks) and adds one behavior
/// that wraps each later registration. The factories running when it was installed get their
/// reads through the pending frame (``UsageFrames/openPending(generation:container:)``).
///
/// Each registration gets a ``TrackedStorage`` in its entry's storage slot
/// (``SwinjectEntryFields``). The registry keeps every storage it installed alive as long as the
/// container, so dependencies can be kept as identities.
final class UsageRegistry: Sendable {
    private struct State {
        var storages: [ObjectIdentifier: TrackedStorage] = [:]
        /// Registration order, for a stable report.
        var order: [TrackedStorage] = []
        var outsideReads: [String: PropertyUsage.ReadSite] = [:]
        var descendants: [WeakRegistry] = []
        /// The keys each recent reload changed, by this registry's generation (oldest first).
        var changes: [(generation: Int, keys: Set<String>)] = []
    }

    private struct WeakRegistry: @unchecked Sendable {
        weak var registry: UsageRegistry?
    }

    /// How many reloads the change log remembers; a factory run that spans more is stale.
    static let changeLogLength = 64

    private let state = LockedValue(State())
    /// The number of reloads that changed keys visible here; a run records it when it starts.
    let generation = StoredAtomic<Int>(0)

    /// Whether the hook is installed on the container: its registrations wrapped, the behavior
    /// that wraps later ones added.
    private let installed = StoredAtomic<Bool>(false)

    /// Counts the registries made, raised after each is attached: a lineage walked after
    /// reading the count saw every registry counted.
    static let made = StoredAtomic<Int>(0)

    /// The registry of `container`, made on first use; touches nothing of Swinject's, so any
    /// thread may call it.
    @discardableResult
    static func registry(on container: Container) -> UsageRegistry {
        let attachments = ContainerAttachments.of(container)
        if let existing = attachments.value(UsageRegistry.self) { return existing }
        var created = false
        let registry = attachments.value(UsageRegistry.self) {
            created = true
            return UsageRegistry()
        }
        guard created else { return registry }
        made.wrappingIncrement(by: 1, ordering: .releasing)
        for ancestor in ContainerLineage.ancestry(of: container).dropFirst() {
            existing(for: ancestor)?.state.withLock { $0.descendants.append(WeakRegistry(registry: registry)) }
        }
        return registry
    }

    /// The registry of `container` with the hook installed; call on the thread that resolves
    /// the container (or through its synchronized view).
    @discardableResult
    static func start(on container: Container) -> UsageRegistry {
        let registry = registry(on: container)
        registry.install(on: container)
        return registry
    }

    /// Installs the hook on `container`, once: under Swinject's resolution lock, so a resolve
    /// through `synchronize()` never sees half of it. Returns whether this call installed it.
    @discardableResult
    func install(on container: Container) -> Bool {
        if installed.load(ordering: .acquiring) { return false }
        return SwinjectContainerLock.withLock(of: container) {
            guard !installed.load(ordering: .relaxed) else { return false }
            ContainerAttachments.of(container).addObserver(UsageObserver(registry: self))
            trackRegistrations(of: container)
            installed.store(true, ordering: .releasing)
            return true
        }
    }

    /// Whether the hook is installed.
    var isInstalled: Bool { installed.load(ordering: .acquiring) }

    /// The registry of `container` if tracking started on it.
    static func existing(for container: Container) -> UsageRegistry? {
        ContainerAttachments.existing(for: container)?.value(UsageRegistry.self)
    }

    /// The registry of `container` or of its nearest ancestor that has one.
    static func nearest(to container: Container) -> UsageRegistry? {
        if let own = existing(for: container) { return own }
        for ancestor in ContainerLineage.ancestry(of: container).dropFirst() {
            if let registry = existing(for: ancestor) { return registry }
        }
        return nil
    }

    /// Wraps the registrations `container` holds; call holding ``SwinjectContainerLock``.
    private func trackRegistrations(of container: Container) {
        guard SwinjectEntryFields.isAvailable,
            let registrations = SwinjectRegistrationTable.registrations(of: container)
        else { return }
        for registration in registrations where !registration.hasOption {
            track(
                registration.serviceType, name: registration.name, entry: registration.entry,
                owner: ObjectIdentifier(container), takesOnlyResolver: registration.takesOnlyResolver)
        }
    }

    /// Puts a tracked storage in `entry`, once; a storage Swinject already made is wrapped, so
    /// an instance it keeps stays.
    func track(
        _ serviceType: Any.Type, name: String?, entry: AnyObject, owner: ObjectIdentifier, takesOnlyResolver: Bool
    ) {
        guard SwinjectEntryFields.isAvailable else { return }
        let current = SwinjectEntryFields.storage(of: entry)
        if current is TrackedStorage { return }
        let registration = PropertyUsage.Registration(serviceType: serviceType, name: name)
        let storage = TrackedStorage(
            registration: registration, registry: self, entry: entry, owner: owner,
            takesOnlyResolver: takesOnlyResolver, wrapping: current)
        SwinjectEntryFields.setStorage(storage, of: entry)
        state.withLock { state in
            state.storages[ObjectIdentifier(storage)] = storage
            state.order.append(storage)
        }
    }

    /// Records a read made outside any factory; returns whether `key` had none before.
    @discardableResult
    func recordOutsideRead(_ key: String, at site: PropertyUsage.ReadSite) -> Bool {
        state.withLock { state in
            guard state.outsideReads[key] == nil else { return false }
            state.outsideReads[key] = site
            return true
        }
    }

    /// Withdraws an outside read that turned out to be a factory's.
    func withdrawOutsideRead(_ key: String) {
        state.withLock { _ = $0.outsideReads.removeValue(forKey: key) }
    }

    /// Records a reload that changed `keys`; returns the new generation.
    func recordChange(_ keys: Set<String>) -> Int {
        state.withLock { state in
            let next = generation.load(ordering: .relaxed) + 1
            state.changes.append((next, keys))
            if state.changes.count > Self.changeLogLength { state.changes.removeFirst() }
            generation.store(next, ordering: .releasing)
            return next
        }
    }

    /// The keys changed by reloads after `generation`, or nil when the log no longer covers
    /// them all.
    func keysChanged(after generation: Int) -> Set<String>? {
        state.withLock { state in
            guard let oldest = state.changes.first?.generation, oldest <= generation + 1 else {
                return state.changes.isEmpty ? [] : nil
            }
            var keys: Set<String> = []
            for change in state.changes where change.generation > generation { keys.formUnion(change.keys) }
            return keys
        }
    }

    /// The tracked registrations, in registration order.
    var storages: [TrackedStorage] {
        state.withLock { $0.order }
    }

    var outsideReads: [String: PropertyUsage.ReadSite] {
        state.withLock { $0.outsideReads }
    }

    /// The registries of containers below this one that started tracking, while they live.
    var descendants: [UsageRegistry] {
        state.withLock { state in
            state.descendants.removeAll { $0.registry == nil }
            return state.descendants.compactMap(\.registry)
        }
    }

    /// The registries of this container, its ancestors and every living descendant of any of
    /// them, each once: every registration whose factory may have read this container's
    /// properties (marking takes too many rather than too few).
    static func lineage(of container: Container) -> [UsageRegistry] {
        collect(from: ContainerLineage.ancestry(of: container).compactMap(existing(for:)))
    }

    /// The registries of this container, its ancestors (root first) and its own descendants.
    static func reportLineage(of container: Container) -> [UsageRegistry] {
        let ancestry = ContainerLineage.ancestry(of: container)
        let above = ancestry.dropFirst().reversed().compactMap(existing(for:))
        return above + collect(from: existing(for: container).map { [$0] } ?? [])
    }

    private static func collect(from start: [UsageRegistry]) -> [UsageRegistry] {
        var result: [UsageRegistry] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = Array(start.reversed())
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            result.append(next)
            pending.append(contentsOf: next.descendants.reversed())
        }
        return result
    }
}

/// Tracks each registration made after tracking started.
private final class UsageObserver: Behavior, Sendable {
    let registry: UsageRegistry

    init(registry: UsageRegistry) {
        self.registry = registry
    }

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        registry.track(
            type, name: name, entry: entry, owner: ObjectIdentifier(container),
            takesOnlyResolver: entry.argumentsType == ((any Resolver).self as Any.Type))
    }
}
