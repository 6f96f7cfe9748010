package import Swinject
import Synchronization

/// The state SwinjectKit's modules keep beside one Swinject `Container`: a property store, a
/// registration manifest, an injector's registry. One object per container, found by the
/// container's identity, living exactly as long as the container.
///
/// The container owns an ``AttachmentOwner`` behavior; when the container is deallocated the
/// owner's `deinit` removes the entry, so an entry never outlives the container whose address
/// keys it and lookups need no weak references.
///
/// Adding the owner is the only change made to a container, once, on first use. An `Injector`
/// installs it when it creates its containers, so nothing mutates those containers while other
/// threads register or resolve. Observers added later (``addObserver(_:)``) receive registrations
/// through the owner instead of through new behaviors.
///
/// Swinject calls the owner on every registration, so the observers are read without the lock:
/// they form a chain of ``ObserverNode``s that only grows at its end, each link published through
/// an atomic address, and every node stays alive as long as the attachments, so a reader walks
/// the chain without retaining anything. A container nothing observes pays one atomic load.
package final class ContainerAttachments: Sendable {
    private struct State {
        var values: [ObjectIdentifier: any Sendable] = [:]
        /// The address of the last ``ObserverNode``, or 0 while nothing observes.
        var lastObserver: UInt = 0
    }

    private static let table = LockedValue<[ObjectIdentifier: ContainerAttachments]>([:])

    private let state = LockedValue(State())
    /// The address of the first ``ObserverNode``, or 0 while nothing observes. An integer, since
    /// a pointer is not `Sendable`. Each node is retained once when linked and released in
    /// `deinit`, so every node a reader can reach lives as long as the attachments.
    private let firstObserver = Atomic<UInt>(0)

    private init() {}

    deinit {
        // No other thread can reach the attachments any more.
        var address = firstObserver.load(ordering: .acquiring)
        while let pointer = UnsafeRawPointer(bitPattern: address) {
            let node = Unmanaged<ObserverNode>.fromOpaque(pointer)
            address = node._withUnsafeGuaranteedRef { $0.next.load(ordering: .acquiring) }
            node.release()
        }
    }

    /// The attachments of `container`, created (and the owner behavior added) on first use.
    package static func of(_ container: Container) -> ContainerAttachments {
        let id = ObjectIdentifier(container)
        if let existing = table.withLock({ $0[id] }) { return existing }
        let created = ContainerAttachments()
        let winner = table.withLock { table -> ContainerAttachments in
            if let existing = table[id] { return existing }
            table[id] = created
            return created
        }
        if winner === created {
            container.addBehavior(AttachmentOwner(id: id, attachments: created))
        }
        return winner
    }

    /// The attachments of `container` if something was attached to it; never adds the owner.
    package static func existing(for container: Container) -> ContainerAttachments? {
        table.withLock { $0[ObjectIdentifier(container)] }
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
        let address = UInt(bitPattern: Unmanaged.passRetained(ObserverNode(observer)).toOpaque())
        state.withLock { state in
            // Linked under the lock, so racing additions each extend the chain's current end.
            if let last = UnsafeRawPointer(bitPattern: state.lastObserver) {
                Unmanaged<ObserverNode>.fromOpaque(last)._withUnsafeGuaranteedRef {
                    $0.next.store(address, ordering: .releasing)
                }
            } else {
                firstObserver.store(address, ordering: .releasing)
            }
            state.lastObserver = address
        }
    }

    @inline(__always)
    fileprivate func forward<Type, Service>(
        _ container: Container, type: Type.Type, entry: ServiceEntry<Service>, name: String?
    ) {
        var address = firstObserver.load(ordering: .acquiring)
        while let pointer = UnsafeRawPointer(bitPattern: address) {
            address = Unmanaged<ObserverNode>.fromOpaque(pointer)._withUnsafeGuaranteedRef { node in
                node.observer.container(container, didRegisterType: type, toService: entry, withName: name)
                return node.next.load(ordering: .acquiring)
            }
        }
    }

    fileprivate static func remove(_ id: ObjectIdentifier, ifSameAs attachments: ContainerAttachments) {
        table.withLock { table in
            if table[id] === attachments { table[id] = nil }
        }
    }
}

/// One observer of a container's registrations and the address of the next one (0 at the end),
/// set once, when the next observer is added.
private final class ObserverNode: Sendable {
    let observer: any Behavior & AnyObject & Sendable
    let next = Atomic<UInt>(0)

    init(_ observer: any Behavior & AnyObject & Sendable) {
        self.observer = observer
    }
}

/// The behavior through which a container owns its ``ContainerAttachments``.
private final class AttachmentOwner: Behavior {
    let id: ObjectIdentifier
    let attachments: ContainerAttachments

    init(id: ObjectIdentifier, attachments: ContainerAttachments) {
        self.id = id
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

    deinit {
        ContainerAttachments.remove(id, ifSameAs: attachments)
        ContainerIdentity.containerWillBeFreed()
    }
}
