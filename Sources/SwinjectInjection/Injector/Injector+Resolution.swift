import Swinject
import SwinjectKitSupport

extension Injector {
    /// Returns the service registered for `type` (and `name`), creating an unregistered ``Injectable``
    /// type implicitly.
    ///
    /// ```swift
    /// let foo = try injector.get(PFoo.self)
    /// ```
    ///
    /// - Throws: ``InjectionError`` naming the type, the injector and the caller's `#fileID:#line`:
    ///   ``InjectionError/notRegistered``, ``InjectionError/cycle`` (with the chain) or
    ///   ``InjectionError/creationFailed``.
    ///
    /// ## Cycles
    ///
    /// The injector keeps the chain of services it is creating on the current thread and throws
    /// ``InjectionError/cycle`` with that chain (`A → B → A`) when a key comes back on it. That
    /// finds every cycle that passes through one of the injector's own paths at least once per turn:
    /// `Injection` factories and lazy singletons, closure and type-to-type bindings, implicit
    /// ``Injectable`` creation, `@LazyInjected` properties, Swinject registrations resolved through
    /// the injector (`get`, subscripts, `getObject`, `@Injected`), and Swinject factories that resolve
    /// an `Injection` registration (its forwarder) which asks the injector again. Inside a Swinject
    /// factory the forwarder returns nil for the cycle and the outermost request throws it, unless
    /// the factory unwraps that nil with `!` first. A cycle that stays inside Swinject (factories
    /// calling `r.resolve` on each other only) never reaches the injector: Swinject's depth limit
    /// stops it with a `fatalError`, and SwinjectAutoregistration's `verify()` finds it beforehand.
    ///
    /// ## Swinject registrations that produce nil
    ///
    /// ``InjectionError/creationFailed`` says that the Swinject factory returned nil and gives
    /// the chain the injector saw, ending with the first failure on one of its paths inside that
    /// factory (an `Injection` forwarder, or `get` or an optional accessor called by a factory):
    /// `OrdersService → OrderRepository → ConnectionPool → DatabaseDriver (not registered)`, or with
    /// the chain an autoregistered factory inside explained (SwinjectAutoregistration), down to the
    /// dependency that did not resolve or the initializer that threw:
    /// `OrdersService → OrderRepository → ConnectionPool → DatabaseDriver (did not resolve)`. A
    /// dependency missing behind a hand-written factory's own `r.resolve` is invisible to the
    /// injector; the last link then reads `(Swinject factory returned nil)` and the message
    /// suggests `resolveOrThrow`, which names it.
    public func get<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(InjectionError) -> Service {
        try resolve(type, name: name, site: CallSite(fileID: fileID, line: line))
    }

    /// The service registered for `type`, or nil when it is not registered or cannot be created.
    ///
    /// ```swift
    /// let foo: PFoo? = injector[PFoo.self]
    /// ```
    public subscript<Service>(_ type: Service.Type) -> Service? {
        resolveOptional(type, name: nil, site: CallSite(fileID: "<subscript>", line: 0))
    }

    /// The service registered for `type` under `name`, or nil.
    public subscript<Service>(_ type: Service.Type, name name: String) -> Service? {
        resolveOptional(type, name: name, site: CallSite(fileID: "<subscript>", line: 0))
    }

    /// The injector that answers requests on this task: an override scope's injector inside
    /// SwinjectKitTesting's `withOverrides(_:operation:)`, otherwise `self`.
    var effective: Injector {
        if hasOverrideScopes.isSet(),
            let scope = OverrideScopes.current[ObjectIdentifier(self)]
        {
            return scope
        }
        return self
    }

    /// Where a key is served from.
    enum Lookup: Sendable {
        case registration(any AnyRegistration, owner: Injector)
        case container
        case missing
    }

    /// Looks `key` up in this injector's registry, then its parents'.
    func find(_ key: RegistryKey) -> Lookup {
        var current: Injector? = self
        while let injector = current {
            switch injector.registry.withState({ $0.uncachedHolding(for: key) }) {
            case .registration(let registration): return .registration(registration, owner: injector)
            case .container: return .container
            case nil: break
            }
            current = injector.parent
        }
        return .missing
    }

    /// What a ``InjectionError/notRegistered`` error adds for `type` under `name`: the
    /// injectors searched, nearest first, when there is more than this one, and the registrations of
    /// `type` that exist under other names. Nil when there is neither.
    func missingDetail<Service>(_ type: Service.Type, name: String?) -> String? {
        var searched: [Injector] = []
        var current: Injector? = self
        while let injector = current {
            searched.append(injector)
            current = injector.parent
        }
        let typeID = ObjectIdentifier(Service.self)
        var others: [String] = []
        for injector in searched {
            let keys = injector.registry.withState { state in
                (Array(state.registrations.keys) + Array(state.containerKeys)).filter { $0.type == typeID }
            }
            for key in Set(keys).sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) where key.name != name {
                let label = key.name.map { "name \"\($0)\"" } ?? "unnamed"
                others.append("\(label) in \(injector.displayName)")
            }
        }
        var parts: [String] = []
        if searched.count > 1 {
            parts.append("searched \(searched.map(\.displayName).joined(separator: ", ")) (nearest first)")
        }
        if !others.isEmpty {
            parts.append("registered for \(TypeNames.qualified(type)): \(others.joined(separator: ", "))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `injector 'label'`, or `an unlabelled injector`, as messages name it.
    var displayName: String {
        label.map { "injector '\($0)'" } ?? "an unlabelled injector"
    }

    /// The resolution pipeline behind every throwing accessor.
    @usableFromInline
    func resolve<Service>(_ type: Service.Type, name: String?, site: CallSite) throws(InjectionError) -> Service {
        try dispatch(type, name: name, site: site) { (target) throws(InjectionError) -> Service in
            let chain = ResolutionTrace.chain(appending: TypeNames.qualified(type))
            let detail = target.missingDetail(Service.self, name: name)
            let error = InjectionError(
                .notRegistered, type, name: name, injector: target, chain: chain, detail: detail, site: site)
            // A factory may catch this and return something else; a Swinject registration that then
            // produces nil names it (see `producedNil`).
            ResolutionTrace.recordSwallowed(error)
            throw error
        }
    }

    /// The optional accessors' pipeline: nil when nothing provides the service. A miss builds no error
    /// message and never reaches Swinject.
    func resolveOptional<Service>(_ type: Service.Type, name: String?, site: CallSite) -> Service? {
        do throws(InjectionError) {
            return try dispatch(type, name: name, site: site) { (target) throws(InjectionError) -> Service in
                // A miss builds a message only inside a creation chain, once per outermost request.
                if ResolutionTrace.needsSwallowed {
                    let chain = ResolutionTrace.chain(appending: TypeNames.qualified(type))
                    ResolutionTrace.recordSwallowed(
                        InjectionError(.notRegistered, type, name: name, injector: target, chain: chain, site: site))
                }
                throw InjectionError.notRegistered
            }
        } catch {
            return nil
        }
    }

    /// Finds what provides `type` and produces it; calls `missing` when nothing does.
    private func dispatch<Service>(
        _ type: Service.Type,
        name: String?,
        site: CallSite,
        missing: (Injector) throws(InjectionError) -> Service
    ) throws(InjectionError) -> Service {
        // Fastest path: an unnamed registration read before, without the lock (see
        // `Registry.published`). The registration is borrowed, never retained: the registry keeps
        // it alive, and the injector is alive for the call.
        // Benchmark: injector.get.singleton, injector.get.lazySingleton, graph.injector.factory.100
        if name == nil, !hasOverrideScopes.isSet(),
            let pointer = registry.published(ObjectIdentifier(Service.self))
        {
            let registration = Unmanaged<Registration<Service>>.fromOpaque(pointer)
            let key = RegistryKey(type: ObjectIdentifier(Service.self), name: nil)
            if registration._withUnsafeGuaranteedRef({ $0.factory != nil }) {
                return try traced(Service.self, key: key, site: site) { () throws(InjectionError) -> Service in
                    registration._withUnsafeGuaranteedRef { $0.factory.unsafelyUnwrapped() }
                }
            }
            return try produce(registration.takeUnretainedValue(), key: key, requester: self, site: site)
        }
        let key = RegistryKey(Service.self, name: name)
        // Fast path: no override scope anywhere and the key is in this injector's own registry or
        // registered on its container. It avoids retaining the injector, whose reference count is
        // slow (Swinject forwarders hold it weakly).
        guard !hasOverrideScopes.isSet() else {
            return try dispatchSlowly(type, key: key, site: site, missing: missing)
        }
        if let holding = registry.withState({ Registry.State.holding(for: key, in: &$0) }) {
            switch consume holding {
            case .registration(let registration):
                return try produce(registration.cast(to: Service.self), key: key, requester: self, site: site)
            case .container:
                return try resolveFromContainer(type, name: name, target: self, site: site)
            }
        }
        return try dispatchSlowly(type, key: key, site: site, missing: missing)
    }

    /// Everything but the fast path: override scopes, parents, container registrations, implicit
    /// creation. Kept out of line because its `Service?` temporaries make the caller fetch generic
    /// metadata on entry, which would otherwise cost every fast-path read.
    @inline(never)
    private func dispatchSlowly<Service>(
        _ type: Service.Type,
        key: RegistryKey,
        site: CallSite,
        missing: (Injector) throws(InjectionError) -> Service
    ) throws(InjectionError) -> Service {
        let name = key.name
        let target = effective
        switch target.find(key) {
        case .registration(let registration, let owner):
            return try owner.produce(registration.cast(to: Service.self), key: key, requester: target, site: site)
        case .container:
            return try resolveFromContainer(type, name: name, target: target, site: site)
        case .missing:
            if name == nil, let injectable = type as? any Injectable.Type {
                return try target.createImplicitly(injectable, as: type, key: key, site: site)
            }
            return try missing(target)
        }
    }

    /// Produces a service from one of this injector's registrations.
    func produce<Service>(
        _ registration: Registration<Service>,
        key: RegistryKey,
        requester: Injector,
        site: CallSite
    ) throws(InjectionError) -> Service {
        if let factory = registration.factory {
            return try traced(Service.self, key: key, site: site) { () throws(InjectionError) -> Service in factory() }
        }
        if let instance = registration.instance { return instance.value(as: Service.self) }
        // A created lazy singleton is read before `make` is copied out (a retain of its context),
        // borrowed: the registration keeps it alive.
        // Benchmark: injector.get.lazySingleton
        if registration.isLazy, let created = registration.unretainedCreated {
            return created._withUnsafeGuaranteedRef { $0.value(as: Service.self) }
        }
        guard let make = registration.make else {
            throw InjectionError(.creationFailed, Service.self, name: key.name, injector: self, site: site)
        }
        if let source = registration.asyncSource {
            let chain = ResolutionTrace.chain(appending: TypeNames.qualified(Service.self))
            throw source.asyncOnlyError(injector: self, name: key.name, chain: chain, site: site)
        }
        if !registration.isLazy {
            return try traced(Service.self, key: key, site: site) { () throws(InjectionError) -> Service in
                try make(requester)
            }
        }
        return try traced(Service.self, key: key, site: site) { () throws(InjectionError) -> Service in
            try CreationLock.withLock { () throws(InjectionError) -> Service in
                if let created = registration.created { return created.value(as: Service.self) }
                if registration.isCreating {
                    // Only this thread can be inside the factory (it holds the creation lock): the
                    // factory asked for its own singleton through a path the trace does not see.
                    let chain = ResolutionTrace.chain(appending: TypeNames.qualified(Service.self))
                    throw InjectionError(.cycle, Service.self, name: key.name, injector: self, chain: chain, site: site)
                }
                registration.isCreating = true
                defer { registration.isCreating = false }
                let service = try make(self)
                registration.publishCreated(service)
                return service
            }
        }
    }

    /// Creates an unregistered ``Injectable`` type, tracing it for cycle detection.
    func createImplicitly<Service>(
        _ injectable: any Injectable.Type,
        as type: Service.Type,
        key: RegistryKey,
        site: CallSite
    ) throws(InjectionError) -> Service {
        try traced(type, key: key, site: site) { () throws(InjectionError) -> Service in
            try instantiate(injectable, as: type, site: site)
        }
    }

    /// `init?(injector:)`, then `injectDependencies(injector:)`; the caller traces the creation.
    func instantiate<Service>(
        _ injectable: any Injectable.Type,
        as type: Service.Type,
        site: CallSite
    ) throws(InjectionError) -> Service {
        guard let instance = injectable.init(injector: self) else {
            let chain = ResolutionTrace.currentChain
            let detail = "init?(injector:) returned nil"
            throw InjectionError(
                .creationFailed, type, name: nil, injector: self, chain: chain, detail: detail, site: site)
        }
        instance.injectDependencies(injector: self)
        guard let service = instance as? Service else {
            throw InjectionError(.creationFailed, type, name: nil, injector: self, site: site)
        }
        return service
    }
}
