public import Swinject
import SwinjectKitSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Whether ``register(as:name:injection:fileID:line:)-(_,_,Injection<Service>,_,_)`` may replace an existing registration.
    public let allowsRewrite: Bool

    let parent: Injector?
    let registry: Registry
    let swinject: SwinjectHandle
    /// Whether an override scope was ever opened on this injector (`openOverrideScope`). Once set, every
    /// request reads the task-local override scopes; until then the fast path skips that read. It
    /// never goes back to `false`: a task started inside a scope keeps seeing that scope (task-local
    /// inheritance) after the scope returns, whether or not another scope is open.
    let hasOverrideScopes = AtomicFlag()
    /// ``ThreadState/slot``, copied so that every request reads its key from the injector.
    let threadStates = ThreadState.slot

    /// Creates an empty injector with its own Swinject container.
    ///
    /// - Parameters:
    ///   - label: A name for error messages, such as `"services"`.
    ///   - allowsRewrite: Whether registering a type twice replaces the first registration instead of
    ///     throwing ``InjectionError/alreadyRegistered``.
    public convenience init(label: String? = nil, allowsRewrite: Bool = false) {
        self.init(label: label, allowsRewrite: allowsRewrite, parent: nil)
    }

    init(label: String?, allowsRewrite: Bool, parent: Injector?) {
        self.label = label
        self.allowsRewrite = allowsRewrite
        self.parent = parent
        let registry = Registry()
        // The parent's container becomes reachable through the child's: it is handed out here.
        let container = parent.map { Container(parent: $0.container) } ?? Container()
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
    ///
    /// The first read makes the injector's earlier `Injection` registrations visible to Swinject
    /// (their forwarding entries are registered then, not at each registration, since nothing can
    /// resolve through Swinject before the container is handed out); later registrations are
    /// visible at once.
    public var container: Container {
        shareContainer()
        return swinject.container
    }

    /// Installs the forwarders of the registrations made so far the first time the container leaves
    /// the injector (see ``Registry/State/pendingForwarders``). Registering a forwarder is most of
    /// the cost of a registration, and an application that resolves only through the injector never
    /// needs one.
    func shareContainer() {
        if !registry.containerShared.isSetAcquiring() { shareContainerSlowly() }
    }

    @inline(never)
    private func shareContainerSlowly() {
        registry.sharingLock.withLock {
            guard !registry.containerShared.isSetAcquiring() else { return }
            let pending = registry.withState { state in
                state.isContainerShared = true
                defer { state.pendingForwarders = [] }
                return state.pendingForwarders
            }
            for forwarder in pending {
                installForwarder(forwarder.type, key: forwarder.key, replacesContainerKey: false)
            }
            registry.containerShared.setReleasing()
        }
    }

    /// Creates an injector that sees this injector's registrations and can shadow them.
    ///
    /// The child's container is a Swinject child container of this one.
    public func makeChild(label: String? = nil, allowsRewrite: Bool = false) -> Injector {
        Injector(label: label ?? self.label.map { "\($0).child" }, allowsRewrite: allowsRewrite, parent: self)
    }
}
