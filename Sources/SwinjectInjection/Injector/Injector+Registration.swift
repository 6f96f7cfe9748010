import Swinject
import SwinjectKitSupport

extension Injector {
    /// Registers how to provide `type` (optionally under `name`).
    ///
    /// ```swift
    /// try injector.register(as: PFoo.self, injection: .lazySingleton { Foo() })
    /// ```
    ///
    /// - Throws: ``InjectionError/alreadyRegistered`` when `type` and `name` are already registered
    ///   (by an `Injection` or by Swinject's `register`) and the injector does not allow rewrites.
    /// - Returns: The injector, so registrations can be chained.
    @discardableResult
    public func register<Service>(
        as type: Service.Type = Service.self,
        name: String? = nil,
        injection: Injection<Service>,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(InjectionError) -> Injector {
        try store(
            Registration(injection),
            as: type,
            name: name,
            replacing: allowsRewrite,
            site: CallSite(fileID: fileID, line: line)
        )
        return self
    }

    /// Removes the `Injection` registration or binding of `type` and `name` (the Discoverer spelling).
    ///
    /// Afterwards the injector no longer provides it, and Swinject resolution of the key returns nil
    /// (Swinject cannot remove an entry, so the forwarding entry stays but finds nothing). Registrations
    /// made with Swinject's own `register` cannot be removed. A removed or replaced registration
    /// that was already resolved stays in memory until the injector is deinitialized: requests on
    /// other threads read registrations without taking a lock and may still be using it.
    ///
    /// ```swift
    /// try injector.unregister(type: PFoo.self)
    /// ```
    ///
    /// - Throws: An ``InjectionError`` with code ``InjectionError/notRegistered`` when this
    ///   injector holds no `Injection` registration or binding for `type` and `name`.
    /// - Returns: The injector, so calls can be chained.
    ///
    /// Declared `throws`, not `throws(InjectionError)`: the Swift compiler crashes (SILGen
    /// "Found ownership error") on a typed-throws call through an implicitly unwrapped receiver
    /// inside a `do` whose only `catch` has a pattern, which is how Discoverer's tests call it
    /// (`sut: Injector!`, `catch InjectionError.notRegistered`).
    @discardableResult
    public func unregister<Service>(
        type: Service.Type,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) throws -> Injector {
        guard removeRegistration(of: type, name: name) else {
            let site = CallSite(fileID: fileID, line: line)
            throw InjectionError(.notRegistered, type, name: name, injector: self, site: site)
        }
        return self
    }

    /// Removes the `Injection` registration or binding of `type` and `name` if there is one, as
    /// ``unregister(type:name:fileID:line:)`` does, without throwing.
    ///
    /// - Returns: Whether a registration was removed.
    @discardableResult
    public func removeRegistration<Service>(of type: Service.Type, name: String? = nil) -> Bool {
        let key = RegistryKey(Service.self, name: name)
        return registry.withState { Registry.State.setRegistration(nil, for: key, in: &$0) != nil }
    }

    /// Whether `type` and `name` are registered in this injector or a parent, by an `Injection`, a
    /// binding or Swinject's `register`. Types only creatable implicitly (``Injectable``) are not
    /// registered.
    public func isRegistered<Service>(type: Service.Type, name: String? = nil) -> Bool {
        if case .missing = effective.find(RegistryKey(Service.self, name: name)) { return false }
        return true
    }

    /// Adds `registration` to the registry and makes it visible to Swinject.
    func store<Service>(
        _ registration: Registration<Service>,
        as type: Service.Type,
        name: String?,
        replacing: Bool,
        site: CallSite
    ) throws(InjectionError) {
        let key = RegistryKey(Service.self, name: name)
        // The first registration's site when `key` is taken and may not be replaced: nil for one
        // made through Swinject's own `register`.
        var existingSite: CallSite?
        let outcome: (duplicate: Bool, installForwarder: Bool, replacesContainerKey: Bool) =
            registry.withState { state in
                let isContainerKey = state.containerKeys.contains(key)
                if !replacing && (isContainerKey || state.registrations[key] != nil) {
                    existingSite = state.registrations[key]?.site
                    return (true, false, false)
                }
                registration.site = site
                Registry.State.setRegistration(registration, for: key, in: &state)
                let newlyForwarded = state.forwarded.insert(key).inserted
                guard newlyForwarded || isContainerKey else { return (false, false, false) }
                // A key registered through Swinject's API implies the container was handed out.
                guard state.isContainerShared else {
                    state.pendingForwarders.append((key, Service.self))
                    return (false, false, false)
                }
                return (false, true, isContainerKey)
            }
        if outcome.duplicate {
            let first =
                existingSite.map { "first registered at \($0.fileID):\($0.line)" }
                ?? "first registered through Swinject's `register` on the injector's container"
            let detail =
                first + "; this injector does not allow rewrites: create it with `allowsRewrite: true` to let "
                + "a later registration replace it, or `unregister` it first"
            throw InjectionError(.alreadyRegistered, type, name: name, injector: self, detail: detail, site: site)
        }
        if outcome.installForwarder {
            installForwarder(Service.self, key: key, replacesContainerKey: outcome.replacesContainerKey)
        }
    }

    /// Installs `type`'s forwarder under Swinject's lock (``SwinjectContainerLock``), so Swinject's
    /// resolvers never read the entry while `inObjectScope` still configures it.
    func installForwarder<Service>(_ type: Service.Type, key: RegistryKey, replacesContainerKey: Bool) {
        // The observer recognizes the forwarder by this thread's install (see `ForwarderInstall`).
        let install = ForwarderInstall.current
        let outer = (install.key, install.replacesContainerKey)
        install.key = key
        install.replacesContainerKey = replacesContainerKey
        defer { (install.key, install.replacesContainerKey) = outer }
        SwinjectContainerLock.withLock(of: swinject.container) { installForwarder(Service.self, name: key.name) }
    }

    /// Registers a Swinject entry for `type` that calls back into the registry, so Swinject factories
    /// can resolve `Injection` registrations. After ``unregister(type:name:fileID:line:)`` it yields nil.
    /// Runs under Swinject's lock: `_register` stores the entry before `inObjectScope` configures it.
    private func installForwarder<Service>(_: Service.Type, name: String?) {
        swinject.container._register(
            Service.self,
            factory: { [weak self] (_: any Resolver) -> Any in
                let service: Service? = self?.resolveRegistered(Service.self, name: name)
                return service as Any
            },
            name: name
        )
        .inObjectScope(.transient)
    }
}
