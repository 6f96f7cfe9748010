package import Swinject

/// The state SwinjectKit's modules keep beside one Swinject `Container`: a property store, a
/// registration manifest, an injector's registry. One object per container, found by the
/// container's identity, living exactly as long as the container.
///
/// Attaching registers one internal entry on the container (under a service-key option, which
/// Swinject's `register` stores under its own registration lock, so it is safe while other
/// threads register): its factory holds an ``AttachmentSentinel`` whose `deinit` removes the
/// attachments when the container is freed, so an entry never outlives the container whose
/// address keys it and lookups need no weak references. No behavior is added: Swinject reads a
/// plain container's behaviors without a lock while it registers, so adding one then would race.
///
/// Observers of later registrations (``addObserver(_:)``) do need a behavior; the first one adds
/// it, so call it while configuring the container, before other threads register on it.
///
/// Swinject calls that behavior on every registration, so the observers are read without the lock:
/// they form a chain of ``ObserverNode``s that only grows at its end, each link published once
/// (``PublishedReference``), and every node stays alive as long as the attachments.
package final class ContainerAttachments: Sendable {
    private struct State {
        var values: [ObjectIdentifier: any Sendable] = [:]
        /// The last ``ObserverNode``, nil while nothing observes.
        var lastObserver: ObserverNode?
        /// Whether the registration forwarder behavior was added to the container.
        var forwards = false
        /// Whether the sentinel registration is gone while the container lives (`removeAll()`).
        var sentinelLost = false
    }

    private static let table = LockedValue<[ObjectIdentifier: ContainerAttachments]>([:])

    private let state = LockedValue(State())
    /// The container, for telling a freed container from `removeAll()` and for adding the
    /// forwarder behavior.
    nonisolated(unsafe) private weak var container: Container?
    /// The first ``ObserverNode``, unset while nothing observes. Each node holds the next, so
    /// every node a reader can reach lives as long as the attachments.
    private let firstObserver = PublishedReference<ObserverNode>()

    private init(container: Container) {
        self.container = container
    }

    /// The attachments of `container`, created (and the owner behavior added) on first use.
    package static func of(_ container: Container) -> ContainerAttachments {
        let id = ObjectIdentifier(container)
        if let existing = table.withLock({ $0[id] }) {
            if existing.state.withLock({ $0.sentinelLost }) { existing.registerSentinel(on: container) }
            return existing
        }
        let created = ContainerAttachments(container: container)
        let winner = table.withLock { table -> ContainerAttachments in
            if let existing = table[id] { return existing }
            table[id] = created
            return created
        }
        if winner === created { created.registerSentinel(on: container) }
        return winner
    }

    private func registerSentinel(on container: Container) {
        let sentinel = AttachmentSentinel(id: ObjectIdentifier(container), attachments: self)
        state.withLock { $0.sentinelLost = false }
        let factory: (any Resolver) -> Any = { _ in sentinel }
        container._register(AttachmentSentinel.self, factory: factory, option: AttachmentSentinel.Option())
    }

    /// The attachments of `container` if something was attached to it; never adds the owner.
    package static func existing(for container: Container) -> ContainerAttachments? {
        existing(id: ObjectIdentifier(container))
    }

    /// The attachments of the container with identity `id`, if something was attached to it.
    /// Ask only about a container known to be alive, so that `id` names it and not a later
    /// container at the same address.
    package static func existing(id: ObjectIdentifier) -> ContainerAttachments? {
        table.withLock { $0[id] }
    }

    /// The value of type `Value` attached to the container, made with `make` on first use.
    /// `make` runs outside the lock; when two threads race, the first stored value wins.
    package func value<Value: Sendable>(_ type: Value.Type = Value.self, orInsert make: () -> Value) -> Value {
        let key = ObjectIdentifier(Value.self)
        if let existing = state.withLock({ $0.values[key] }) as? Value { return existing }
        let created = make()
        return state.withLock { state -> Value in
            if let existing = state.values[key] as? Value { return existing }
            state.values[key] = created
            return created
        }
    }

    /// The value of type `Value` attached to the container, if any.
    package func value<Value: Sendable>(_ type: Value.Type = Value.self) -> Value? {
        state.withLock { $0.values[ObjectIdentifier(Value.self)] } as? Value
    }

    /// Calls `observer` for every registration made on the container from now on, after the
    /// observers added before it.
    package func addObserver(_ observer: any Behavior & AnyObject & Sendable) {
        let node = ObserverNode(observer)
        let addsForwarder = state.withLock { state in
            defer { state.forwards = true }
            return !state.forwards
        }
        if addsForwarder { container?.addBehavior(RegistrationForwarder(attachments: self)) }
        state.withLock { state in
            // Linked under the lock, so racing additions each extend the chain's current end.
            if let last = state.lastObserver {
                last.next.setIfNil(node)
            } else {
                firstObserver.setIfNil(node)
            }
            state.lastObserver = node
        }
    }

    fileprivate func forward<Type, Service>(
        _ container: Container, type: Type.Type, entry: ServiceEntry<Service>, name: String?
    ) {
        var next = firstObserver.load()
        while let node = next {
            node.observer.container(container, didRegisterType: type, toService: entry, withName: name)
            next = node.next.load()
        }
    }

    /// The sentinel registration was released: the container is being freed, or it lives on
    /// after `removeAll()` and gets a new sentinel on its next ``of(_:)``.
    fileprivate func sentinelReleased(id: ObjectIdentifier) {
        if container != nil {
            state.withLock { $0.sentinelLost = true }
            return
        }
        Self.remove(id, ifSameAs: self)
        ContainerIdentity.containerWillBeFreed()
    }

    fileprivate static func remove(_ id: ObjectIdentifier, ifSameAs attachments: ContainerAttachments) {
        table.withLock { table in
            if table[id] === attachments { table[id] = nil }
        }
    }
}

/// One observer of a container's registrations and the next one, set once, when the next
/// observer is added.
private final class ObserverNode: Sendable {
    let observer: any Behavior & AnyObject & Sendable
    let next = PublishedReference<ObserverNode>()

    init(_ observer: any Behavior & AnyObject & Sendable) {
        self.observer = observer
    }
}

/// The object whose lifetime is the container's: the factory of an internal registration holds
/// it, so it is released when the container's registrations are.
final class AttachmentSentinel: Sendable {
    /// The key option that keeps the internal registration out of every registration listing.
    struct Option: ServiceKeyOption {
        func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is Option }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(Option.self)) }
        var description: String { "SwinjectKit attachments" }
    }

    let id: ObjectIdentifier
    let attachments: ContainerAttachments

    init(id: ObjectIdentifier, attachments: ContainerAttachments) {
        self.id = id
        self.attachments = attachments
    }

    deinit {
        attachments.sentinelReleased(id: id)
    }
}

/// The behavior that hands a container's registrations to its attachments' observers.
private final class RegistrationForwarder: Behavior {
    let attachments: ContainerAttachments

    init(attachments: ContainerAttachments) {
        self.attachments = attachments
    }

    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        attachments.forward(container, type: type, entry: entry, name: name)
    }
}
