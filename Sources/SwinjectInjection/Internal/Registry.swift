import Atomics
import Swinject
import SwinjectKitSupport

/// The injector's registry, shared with the observer installed on its container.
///
/// `@unchecked Sendable`: `state` is read and written only inside ``withState(_:)``, under `lock`.
final class Registry: @unchecked Sendable {
    struct State {
        /// `Injection` registrations and bindings: the source of truth for those keys. Change it only
        /// through ``setRegistration(_:for:in:)``, which keeps ``recent`` in step.
        fileprivate(set) var registrations: [RegistryKey: any AnyRegistration] = [:]
        /// A direct-mapped cache of what this registry holds for unnamed keys, by type address, so
        /// that repeated reads skip hashing the key.
        fileprivate var recent = Self.emptyRecent
        /// Keys registered through Swinject's own API (not our forwarders). Change it only through
        /// ``setContainerKey(_:_:in:)``, which keeps ``recent`` in step.
        fileprivate(set) var containerKeys: Set<RegistryKey> = []
        /// Keys whose forwarding Swinject registration is installed.
        var forwarded: Set<RegistryKey> = []
        /// Forwarders registered before the container was first handed out, not installed yet: until
        /// then nothing but the injector holds the container, so no Swinject resolve can ask for them.
        var pendingForwarders: [(key: RegistryKey, type: Any.Type)] = []
        /// Whether the container was handed out (``Injector/container``, a child injector): from
        /// then on a registration installs its forwarder at once.
        var isContainerShared = false
        /// ``Registry/publishedSlots``, for the writers (under the lock).
        // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
        fileprivate let published: UnsafeMutablePointer<UInt.AtomicRepresentation>
        /// Published registrations that were replaced or removed: a request on another thread may
        /// still be using one it read without the lock, so they live as long as the registry.
        fileprivate var retired: [any AnyRegistration] = []

        /// Slot `index` of ``Registry/publishedSlots``.
        // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
        fileprivate func publishedSlot(_ index: Int) -> UnsafeAtomic<UInt> {
            UnsafeAtomic(at: published + index)
        }
    }

    private let lock = Lock()
    /// Serializes handing out the container, so that no caller receives it before the pending
    /// forwarders are installed. Taken before Swinject's lock, never while holding `lock`.
    let sharingLock = Lock()
    /// Set once the pending forwarders are installed: read without a lock by every hand-out.
    let containerShared = AtomicFlag()
    private var state: State
    /// The unnamed registrations that requests read without the lock: a direct-mapped table of
    /// `Registration` addresses (0 when empty) by type, with ``State/recentSlots`` slots. A locked
    /// read publishes what it finds (release store); a change to a key clears the key's slot. A
    /// reader checks the registration's ``RegistrationBase/serviceType`` and uses it unretained:
    /// the registry keeps every published registration alive (``State/retired``).
    ///
    /// Raw `UnsafeAtomic` slots and `Unmanaged` reads serve the `injector.get.singleton` and
    /// `injector.get.lazySingleton` rows: a locked dictionary lookup there cost more than the rest
    /// of the request. `UnsafeAtomic` is spelled the same with or without `Synchronization`.
    // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
    private let publishedSlots: UnsafeMutablePointer<UInt.AtomicRepresentation>

    init() {
        publishedSlots = .allocate(capacity: State.recentSlots)
        for index in 0..<State.recentSlots { (publishedSlots + index).initialize(to: UInt.AtomicRepresentation(0)) }
        state = State(published: publishedSlots)
    }

    deinit {
        publishedSlots.deinitialize(count: State.recentSlots)
        publishedSlots.deallocate()
    }

    /// The published registration of the unnamed key of `type`, unretained: valid while the
    /// registry lives. One atomic load and a compare, without the lock.
    // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
    @inline(__always)
    func published(_ type: ObjectIdentifier) -> UnsafeRawPointer? {
        let address = UnsafeAtomic<UInt>(at: publishedSlots + State.slot(of: type)).load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        let matches = Unmanaged<RegistrationBase>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
            $0.serviceType == type
        }
        return matches ? pointer : nil
    }

    /// Runs `body` on the state while holding the registry's lock.
    func withState<Value>(_ body: (inout State) throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

extension Registry.State {
    /// What a registry holds for a key: an `Injection` registration or binding, or a registration
    /// made through Swinject's own API on the container.
    enum Holding {
        case registration(any AnyRegistration)
        case container
    }

    /// One slot of ``recent``: a type's address and what the registry holds for it unnamed.
    struct RecentEntry {
        var type: ObjectIdentifier?
        var holding: Holding?
    }

    static let recentSlots = 256
    static let emptyRecent = [RecentEntry](repeating: RecentEntry(), count: recentSlots)

    /// The slot of `type` in ``recent`` and ``Registry/publishedSlots``.
    // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
    @inline(__always)
    static func slot(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (recentSlots - 1)
    }

    // Called only inside `Registry.withState`, on the locked state.

    /// What this registry holds for `key`: from ``recent`` when the key is unnamed and was read
    /// before, otherwise from ``registrations`` and ``containerKeys`` (remembering unnamed hits).
    static func holding(for key: RegistryKey, in state: inout Self) -> Holding? {
        guard key.name == nil else { return state.uncachedHolding(for: key) }
        let slot = slot(of: key.type)
        if state.recent[slot].type == key.type, let holding = state.recent[slot].holding {
            return holding
        }
        guard let holding = state.uncachedHolding(for: key) else { return nil }
        state.recent[slot] = RecentEntry(type: key.type, holding: holding)
        if case .registration(let registration) = holding {
            registration.isPublished = true
            let address = UInt(bitPattern: ObjectIdentifier(registration))
            state.publishedSlot(slot).store(address, ordering: .releasing)
        }
        return holding
    }

    /// What this registry holds for `key`, without the cache; ``Injector/find(_:)`` walks parents with it.
    func uncachedHolding(for key: RegistryKey) -> Holding? {
        if let registration = registrations[key] { return .registration(registration) }
        return containerKeys.contains(key) ? .container : nil
    }

    /// Records whether `key` is registered through Swinject's own API.
    static func setContainerKey(_ key: RegistryKey, _ isRegistered: Bool, in state: inout Self) {
        state.recent = emptyRecent
        if key.name == nil { state.publishedSlot(slot(of: key.type)).store(0, ordering: .releasing) }
        if isRegistered { state.containerKeys.insert(key) } else { state.containerKeys.remove(key) }
    }

    /// Stores (or, with nil, removes) the registration of `key`; returns the one it replaces.
    @discardableResult
    static func setRegistration(
        _ registration: (any AnyRegistration)?, for key: RegistryKey, in state: inout Self
    ) -> (any AnyRegistration)? {
        state.recent = emptyRecent
        if key.name == nil { state.publishedSlot(slot(of: key.type)).store(0, ordering: .releasing) }
        let replaced =
            if let registration {
                state.registrations.updateValue(registration, forKey: key)
            } else {
                state.registrations.removeValue(forKey: key)
            }
        if let replaced, replaced.isPublished { state.retired.append(replaced) }
        return replaced
    }
}

/// The forwarder the calling thread is installing, so that the observer tells it from a
/// registration made through Swinject's own API without a shared set of pending keys (two hash
/// updates under the registry's lock per registration). Swinject calls behaviors on the thread
/// that registers, inside `_register`.
final class ForwarderInstall {
    /// The key being installed, or nil.
    var key: RegistryKey?
    /// Whether the key was registered through Swinject's own API before: the forwarder replaces
    /// that registration, so the observer clears the key's container mark.
    var replacesContainerKey = false

    /// The calling thread's install.
    static var current: ForwarderInstall { slot.current }

    private static let slot = ThreadLocal { ForwarderInstall() }
}

/// Watches Swinject registrations on the injector's container.
final class RegistrationObserver: Behavior, Sendable {
    let registry: Registry

    init(registry: Registry) {
        self.registry = registry
    }

    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        let key = RegistryKey(Type.self, name: name)
        let install = ForwarderInstall.current
        if install.key == key {
            // This injector's own forwarder: the registry already holds the key.
            install.key = nil
            if install.replacesContainerKey {
                registry.withState { Registry.State.setContainerKey(key, false, in: &$0) }
            }
            return
        }
        registry.withState { state in
            // A later Swinject registration replaces an `Injection` registration of the same key.
            Registry.State.setContainerKey(key, true, in: &state)
            Registry.State.setRegistration(nil, for: key, in: &state)
            state.forwarded.remove(key)
        }
    }
}
