public import Swinject
import SwinjectKitSupport
import Synchronization

/// A `Sendable`, thread-safe injector on top of a Swinject `Container`.
///
/// ```swift
/// enum Environment {
///     static let services = Injector(label: "services")
/// }
/// try Environment.services.register(as: PFoo.self, injection: .factory { Foo() })
/// let foo = try Environment.services.get(PFoo.self)
/// ```
///
/// `Injection` registrations and bindings live in the injector's own registry: they are served without a
/// Swinject resolve and can be removed with ``unregister(type:name:fileID:line:)``. Each one is also visible to
/// Swinject (`r.resolve(PFoo.self)` inside a Swinject factory finds it). Services registered on
/// ``container`` with Swinject's `register` (or by an `Assembler`) resolve through the injector too.
public final class Injector: Sendable {
    /// The injector used by the property wrappers when none is given.
    public static let `default` = Injector(label: "default")

    /// A name shown in error messages.
    public let label: String?
    /// Whether ``register(as:name:injection:fileID:line:)`` may replace an existing registration.
    public let allowsRewrite: Bool

    let parent: Injector?
    let registry: Registry
    let swinject: SwinjectHandle
    /// Whether ``withOverrides(_:operation:)`` was ever called on this injector. Once set, every
    /// request reads the task-local override scopes; until then the fast path skips that read. It
    /// never goes back to `false`: a task started inside a scope keeps seeing that scope (task-local
    /// inheritance) after the scope returns, whether or not another scope is open.
    let hasOverrideScopes = Atomic<Bool>(false)

    /// Creates an empty injector with its own Swinject container.
    ///
    /// - Parameters:
    ///   - label: A name for error messages, such as `"services"`.
    ///   - allowsRewrite: Whether registering a type twice replaces the first registration instead of
    ///     throwing ``InjectionError/Code/alreadyRegistered``.
    public convenience init(label: String? = nil, allowsRewrite: Bool = false) {
        self.init(label: label, allowsRewrite: allowsRewrite, parent: nil)
    }

    init(label: String?, allowsRewrite: Bool, parent: Injector?) {
        self.label = label
        self.allowsRewrite = allowsRewrite
        self.parent = parent
        let registry = Registry()
        let container = parent.map { Container(parent: $0.swinject.container) } ?? Container()
        // Registered under a service-key option, so tools that list a container's services
        // (verify(), dependency graphs, `hasAnyRegistration`) do not see this internal entry.
        let locked: ((any Resolver, SwinjectLockWork)) -> Any = { arguments in
            arguments.1.run()
            return SwinjectLockToken()
        }
        container._register(SwinjectLockToken.self, factory: locked, option: SwinjectLockTokenOption())
            .inObjectScope(.transient)
        // Every change to the containers happens here, before the injector is shared: the attachment
        // owner (the property store, the manifest and other per-container state attach through it
        // later, as observers, never with `addBehavior`) and the registry's observer.
        let swinject = SwinjectHandle(container: container)
        ContainerAttachments.of(container).addObserver(RegistrationObserver(registry: registry))
        if let synchronized = swinject.resolver as? Container {
            _ = ContainerAttachments.of(synchronized)
        }
        self.registry = registry
        self.swinject = swinject
    }

    /// The Swinject container behind the injector.
    ///
    /// Register on it with Swinject's API (`register`, `autoregister`, an `Assembler`,
    /// `applyPropertyLoader`) while configuring; those services resolve through the injector. As with
    /// Swinject, finish configuring before resolving from several threads.
    ///
    /// From several threads, resolve through the injector rather than through your own
    /// `container.synchronize()` view: such a view takes Swinject's lock before the injector's
    /// creation lock, the opposite of the injector's order, so it can wait forever on a thread that
    /// is creating a lazy singleton whose factory resolves a Swinject registration.
    public var container: Container { swinject.container }

    /// Creates an injector that sees this injector's registrations and can shadow them.
    ///
    /// The child's container is a Swinject child container of this one.
    public func makeChild(label: String? = nil, allowsRewrite: Bool = false) -> Injector {
        Injector(label: label ?? self.label.map { "\($0).child" }, allowsRewrite: allowsRewrite, parent: self)
    }

    /// Runs `body` while holding the recursive lock Swinject's synchronized resolver takes for every
    /// resolve, by running it inside a resolution of an internal registration. Registering on the
    /// container under it keeps Swinject's resolvers from reading a `ServiceEntry` while it is still
    /// being configured (`inObjectScope`). `body` must not wait for ``CreationLock``.
    func withSwinjectLock(_ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            let work = SwinjectLockWork(body)
            if let resolver = swinject.resolver as? Container {
                let _: SwinjectLockToken? = resolver._resolve(name: nil, option: SwinjectLockTokenOption()) {
                    (factory: ((any Resolver, SwinjectLockWork)) -> Any) in factory((resolver, work))
                }
            }
            // The token registration is gone (`container.removeAll()`): run unlocked, as Swinject's own
            // `register` does.
            if !work.didRun { body() }
        }
    }
}

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
        /// Keys whose forwarder is being installed right now.
        var pendingForwarders: Set<RegistryKey> = []
    }

    private let lock = Lock()
    private var state = State()

    /// Runs `body` on the state while holding the registry's lock.
    @inline(__always)
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

    static let recentSlots = 64
    static let emptyRecent = [RecentEntry](repeating: RecentEntry(), count: recentSlots)

    // Called only inside `Registry.withState`, on the locked state.

    /// What this registry holds for `key`: from ``recent`` when the key is unnamed and was read
    /// before, otherwise from ``registrations`` and ``containerKeys`` (remembering unnamed hits).
    @inline(__always)
    static func holding(for key: RegistryKey, in state: inout Self) -> Holding? {
        guard key.name == nil else { return state.uncachedHolding(for: key) }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: key.type) >> 4) & (recentSlots - 1)
        if state.recent[slot].type == key.type, let holding = state.recent[slot].holding {
            return holding
        }
        guard let holding = state.uncachedHolding(for: key) else { return nil }
        state.recent[slot] = RecentEntry(type: key.type, holding: holding)
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
        if isRegistered { state.containerKeys.insert(key) } else { state.containerKeys.remove(key) }
    }

    /// Stores (or, with nil, removes) the registration of `key`; returns the one it replaces.
    @discardableResult
    static func setRegistration(
        _ registration: (any AnyRegistration)?, for key: RegistryKey, in state: inout Self
    ) -> (any AnyRegistration)? {
        state.recent = emptyRecent
        if let registration { return state.registrations.updateValue(registration, forKey: key) }
        return state.registrations.removeValue(forKey: key)
    }
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
        registry.withState { state in
            if state.pendingForwarders.remove(key) != nil {
                Registry.State.setContainerKey(key, false, in: &state)
                return
            }
            // A later Swinject registration replaces an `Injection` registration of the same key.
            Registry.State.setContainerKey(key, true, in: &state)
            Registry.State.setRegistration(nil, for: key, in: &state)
            state.forwarded.remove(key)
        }
    }
}

/// The Swinject objects behind an injector.
///
/// `@unchecked Sendable`: Swinject's `Container` and `Resolver` are not `Sendable`. The injector
/// resolves only through `resolver`, a `synchronize()`d view that takes Swinject's recursive lock, and
/// writes to `container` only to add forwarding registrations, under that same lock
/// (``Injector/withSwinjectLock(_:)``). Both containers get their behaviors in `Injector.init`, before
/// the injector is shared, and never again. User code touches `container` under Swinject's usual
/// rule: configure first.
final class SwinjectHandle: @unchecked Sendable {
    let container: Container
    let resolver: any Resolver

    init(container: Container) {
        self.container = container
        self.resolver = container.synchronize()
    }
}

/// Work to run under Swinject's lock (see ``Injector/withSwinjectLock(_:)``). Used by one thread.
final class SwinjectLockWork {
    private let body: () -> Void
    private(set) var didRun = false

    init(_ body: @escaping () -> Void) { self.body = body }

    func run() {
        didRun = true
        body()
    }
}

/// The value of the internal Swinject registration that runs a ``SwinjectLockWork``.
struct SwinjectLockToken {}

/// The key option of the internal ``SwinjectLockToken`` registration.
struct SwinjectLockTokenOption: ServiceKeyOption {
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is SwinjectLockTokenOption }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(SwinjectLockTokenOption.self)) }
    var description: String { "SwinjectInjection.lock" }
}
