import Foundation
public import Swinject
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
/// Swinject resolve and can be removed with ``unregister(type:name:)``. Each one is also visible to
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
    /// The number of ``withOverrides(_:operation:)`` scopes open on this injector, in any task.
    let openOverrideScopes = Atomic<Int>(0)

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
        let creation: ((any Resolver, CreationWork)) -> Any = { arguments in
            arguments.1.run()
            return CreationToken()
        }
        container._register(CreationToken.self, factory: creation, option: CreationTokenOption())
            .inObjectScope(.transient)
        container.addBehavior(RegistrationObserver(registry: registry))
        self.registry = registry
        self.swinject = SwinjectHandle(container: container)
    }

    /// The Swinject container behind the injector.
    ///
    /// Register on it with Swinject's API (`register`, `autoregister`, an `Assembler`,
    /// `applyPropertyLoader`) while configuring; those services resolve through the injector. As with
    /// Swinject, finish configuring before resolving from several threads.
    public var container: Container { swinject.container }

    /// Creates an injector that sees this injector's registrations and can shadow them.
    ///
    /// The child's container is a Swinject child container of this one.
    public func makeChild(label: String? = nil, allowsRewrite: Bool = false) -> Injector {
        Injector(label: label ?? self.label.map { "\($0).child" }, allowsRewrite: allowsRewrite, parent: self)
    }

    /// Runs `body` inside a Swinject resolution on the synchronized resolver, that is while holding the
    /// recursive lock Swinject uses, so lazy creation and Swinject resolution never wait on each other
    /// in opposite orders.
    func withCreationLock<Value>(_ body: () throws(InjectionError) -> Value) throws(InjectionError) -> Value {
        try withoutActuallyEscaping(body) { (body) throws(InjectionError) -> Value in
            var outcome: Result<Value, InjectionError>?
            let work = CreationWork { outcome = Result { () throws(InjectionError) -> Value in try body() } }
            if let resolver = swinject.resolver as? Container {
                let _: CreationToken? = resolver._resolve(name: nil, option: CreationTokenOption()) {
                    (factory: ((any Resolver, CreationWork)) -> Any) in factory((resolver, work))
                }
            }
            if let outcome { return try outcome.get() }
            // The token registration is gone (`container.removeAll()`): use the injector's own lock.
            swinject.fallbackLock.lock()
            defer { swinject.fallbackLock.unlock() }
            return try body()
        }
    }
}

/// The injector's registry, shared with the observer installed on its container.
final class Registry: Sendable {
    struct State {
        /// `Injection` registrations and bindings: the source of truth for those keys. Change it only
        /// through ``setRegistration(_:for:in:)``, which keeps ``recent`` in step.
        private(set) var registrations: [RegistryKey: any AnyRegistration] = [:]
        /// A direct-mapped cache of what this registry holds for unnamed keys, by type address, so
        /// that repeated reads skip hashing the key.
        private var recent = Self.emptyRecent
        /// Keys registered through Swinject's own API (not our forwarders). Change it only through
        /// ``setContainerKey(_:_:in:)``, which keeps ``recent`` in step.
        private(set) var containerKeys: Set<RegistryKey> = []
        /// Keys whose forwarding Swinject registration is installed.
        var forwarded: Set<RegistryKey> = []
        /// Keys whose forwarder is being installed right now.
        var pendingForwarders: Set<RegistryKey> = []
    }

    let state = Mutex(State())
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

    // Called only inside `Registry.state.withLock`, on the Mutex-held state; Scripts/tsan.supp names
    // them, because the thread sanitizer cannot see that Mutex on Linux.

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
        let key = RegistryKey(type, name: name)
        registry.state.withLock { state in
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
/// writes to `container` only to add forwarding registrations, which Swinject keeps in its own
/// thread-safe dictionary. User code touches `container` under Swinject's usual rule: configure first.
final class SwinjectHandle: @unchecked Sendable {
    let container: Container
    let resolver: any Resolver
    /// Guards lazy creation if the container lost its ``CreationToken`` registration.
    let fallbackLock = NSRecursiveLock()

    init(container: Container) {
        self.container = container
        self.resolver = container.synchronize()
    }
}

/// Work to run under Swinject's lock (see ``Injector/withCreationLock(_:)``).
final class CreationWork {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The value of the internal Swinject registration that runs a ``CreationWork``.
struct CreationToken {}

/// The key option of the internal ``CreationToken`` registration.
struct CreationTokenOption: ServiceKeyOption {
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is CreationTokenOption }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(CreationTokenOption.self)) }
    var description: String { "SwinjectInjection.creation" }
}
