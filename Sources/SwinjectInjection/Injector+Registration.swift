import Swinject
import Synchronization

extension Injector {
    /// Registers how to provide `type` (optionally under `name`).
    ///
    /// ```swift
    /// try injector.register(as: PFoo.self, injection: .lazySingleton { Foo() })
    /// ```
    ///
    /// - Throws: ``InjectionError/Code/alreadyRegistered`` when `type` and `name` are already registered
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

    /// The Discoverer spelling of ``register(as:name:injection:fileID:line:)``.
    @discardableResult
    public func register<Service>(
        as type: Service.Type = Service.self,
        name: String? = nil,
        injectable injection: Injection<Service>,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(InjectionError) -> Injector {
        try register(as: type, name: name, injection: injection, fileID: fileID, line: line)
    }

    /// Removes the `Injection` registration or binding of `type` and `name`.
    ///
    /// Afterwards the injector no longer provides it, and Swinject resolution of the key returns nil
    /// (Swinject cannot remove an entry, so the forwarding entry stays but finds nothing). Registrations
    /// made with Swinject's own `register` cannot be removed.
    ///
    /// - Returns: Whether a registration was removed.
    @discardableResult
    public func unregister<Service>(type: Service.Type, name: String? = nil) -> Bool {
        let key = RegistryKey(type, name: name)
        return registry.state.withLock { Registry.State.setRegistration(nil, for: key, in: &$0) != nil }
    }

    /// Whether `type` and `name` are registered in this injector or a parent, by an `Injection`, a
    /// binding or Swinject's `register`. Types only creatable implicitly (``Injectable``) are not
    /// registered.
    public func isRegistered<Service>(type: Service.Type, name: String? = nil) -> Bool {
        if case .missing = effective.find(RegistryKey(type, name: name)) { return false }
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
        let key = RegistryKey(type, name: name)
        let outcome: (duplicate: Bool, installForwarder: Bool) = registry.state.withLock { state in
            let taken = state.registrations[key] != nil || state.containerKeys.contains(key)
            if taken && !replacing { return (true, false) }
            Registry.State.setRegistration(registration, for: key, in: &state)
            let install = !state.forwarded.contains(key) || state.containerKeys.contains(key)
            if install {
                state.forwarded.insert(key)
                state.pendingForwarders.insert(key)
            }
            return (false, install)
        }
        if outcome.duplicate {
            throw InjectionError(.alreadyRegistered, type, name: name, injector: self, site: site)
        }
        if outcome.installForwarder {
            installForwarder(type, name: name)
        }
    }

    /// Registers a Swinject entry for `type` that calls back into the registry, so Swinject factories
    /// can resolve `Injection` registrations. After ``unregister(type:name:)`` it yields nil.
    private func installForwarder<Service>(_ type: Service.Type, name: String?) {
        swinject.container._register(
            type,
            factory: { [weak self] (_: any Resolver) -> Any in
                let service: Service? = self?.resolveRegistered(type, name: name)
                return service as Any
            },
            name: name
        )
        .inObjectScope(.transient)
    }
}
