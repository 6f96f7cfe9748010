import Swinject
import SwinjectKitSupport

/// The tracked registrations of one container and the reads made outside any tracked factory,
/// kept in the container's ``ContainerAttachments``.
///
/// Tracking starts on a container when a loader is applied to it (and when its usage or its
/// property check is asked for). Registrations made before that are imported once from
/// Swinject's table; later ones arrive through an observer of the attachments' owner behavior.
/// Each gets a ``TrackedStorage`` in its entry's storage slot (``ServiceEntrySlots``). The
/// registry keeps every storage it installed alive as long as the container, so dependencies
/// can be kept as identities.
final class UsageRegistry: Sendable {
    private struct State {
        var storages: [ObjectIdentifier: TrackedStorage] = [:]
        /// Registration order, for a stable report.
        var order: [TrackedStorage] = []
        var outsideReads: [String: PropertyUsage.ReadSite] = [:]
        var descendants: [WeakRegistry] = []
    }

    private struct WeakRegistry: @unchecked Sendable {
        weak var registry: UsageRegistry?
    }

    private let state = LockedValue(State())

    /// The registry of `container`, starting tracking on first use.
    @discardableResult
    static func start(on container: Container) -> UsageRegistry {
        let attachments = ContainerAttachments.of(container)
        if let existing = attachments.value(UsageRegistry.self) { return existing }
        var created = false
        let registry = attachments.value(UsageRegistry.self) {
            created = true
            return UsageRegistry()
        }
        guard created else { return registry }
        attachments.addObserver(UsageObserver(registry: registry))
        for registration in ServiceTable.registrations(of: container) {
            registry.track(registration.serviceType, name: registration.name, entry: registration.entry)
        }
        for ancestor in ContainerLineage.ancestry(of: container).dropFirst() {
            existing(for: ancestor)?.state.withLock { $0.descendants.append(WeakRegistry(registry: registry)) }
        }
        return registry
    }

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

    /// Puts a tracked storage in `entry`, once; a storage Swinject already made is wrapped, so
    /// an instance it keeps stays.
    func track(_ serviceType: Any.Type, name: String?, entry: AnyObject) {
        guard ServiceEntrySlots.isAvailable else { return }
        let current = ServiceEntrySlots.storage(of: entry)
        if current is TrackedStorage { return }
        let registration = PropertyUsage.Registration(serviceType: serviceType, name: name)
        let storage = TrackedStorage(registration: registration, entry: entry, wrapping: current)
        ServiceEntrySlots.setStorage(storage, of: entry)
        state.withLock { state in
            state.storages[ObjectIdentifier(storage)] = storage
            state.order.append(storage)
        }
    }

    func recordOutsideRead(_ key: String, at site: PropertyUsage.ReadSite) {
        state.withLock { state in
            if state.outsideReads[key] == nil { state.outsideReads[key] = site }
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
    /// properties (discarding takes too many rather than too few).
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
        registry.track(type, name: name, entry: entry)
    }
}
