public import Swinject

extension Container {
    /// Registers `service`, built by `initializer` with every parameter resolved from the container.
    ///
    /// ```swift
    /// container.autoregister(Person.self, initializer: PetOwner.init)
    /// ```
    ///
    /// Optional and implicitly unwrapped parameters resolve to nil when unregistered. When a
    /// required parameter cannot be resolved, `resolve` returns nil (nothing traps) and
    /// `resolveOrThrow` throws a ``ResolutionError`` that explains the chain.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The initializer (or any function) that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @discardableResult
    public func autoregister<Service>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping () -> Service
    ) -> ServiceEntry<Service> {
        registerAndRecord(service, name: name, parameters: [], argumentTypes: [], invoker: nil) {
            (_: any Resolver) -> Any in initializer()
        }
    }

    /// Registers `service`, built by a one-parameter `initializer` whose parameter is resolved
    /// from the container.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, D1>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping (D1) -> Service
    ) -> ServiceEntry<Service> {
        registerAndRecord(
            service, name: name, parameters: [DependencyInfo(D1.self)], argumentTypes: [], invoker: nil,
            factory: Self.factory(service, name: name, initializer: initializer))
    }

    /// Registers `service`, built by an `initializer` of any number of parameters, each resolved
    /// from the container.
    ///
    /// ```swift
    /// container.autoregister(MyService.self, initializer: MyService.init)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, each D>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        registerAndRecord(
            service, name: name, parameters: parameterInfos(repeat (each D).self, arguments: []), argumentTypes: [],
            invoker: nil, factory: Self.factory(service, name: name, initializer: initializer))
    }

    /// Starts recording every registration of this container in its manifest.
    ///
    /// Registrations already made are imported once, read under Swinject's own lock; later ones
    /// are observed through the container's attachments. `autoregister` calls this; ``verify(_:)``
    /// and ``dependencyGraph()`` read the registrations of untracked containers without starting
    /// tracking. Call it while configuring a container that has no autoregistrations when you
    /// want `resolveOrThrow`'s errors to list its registrations: resolution never starts
    /// tracking, since that would change the container while other threads may use it.
    public func enableRegistrationTracking() {
        RegistrationTracking.start(on: self)
    }

    /// Registers an autoregistered factory and records it in the manifest.
    ///
    /// A factory without runtime arguments runs inside a frame of the thread's resolution stack,
    /// so a dependency cycle is reported as a ``ResolutionError/Code/cycle`` failure when the
    /// factory is entered a third time, before Swinject's depth limit traps (a second entry is how
    /// Swinject's `initCompleted` cycles end; see ``ResolutionContext``). Factories with runtime
    /// arguments are left out: a closure may resolve the same service with other arguments on
    /// purpose (a tree built by recursion), which is not a cycle.
    @usableFromInline
    func registerAndRecord<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError? = nil,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        let tracked = RegistrationTracking.start(on: self)
        var problem = problem
        let entry: ServiceEntry<Service>
        if ServiceTypeCheck.acceptsAnyValue(Service.self) {
            // Swinject's `resolve` cannot return nil for such a type (see `ServiceTypeCheck`), so
            // the registration is kept under an option that `resolve` never looks up.
            problem = problem ?? ServiceTypeCheck.problem(service: service, name: name, parameters: parameters)
            entry = _register(
                service, factory: { (_: Arguments) -> Any in ResolutionFailureMarker() }, name: name,
                option: UnusableRegistrationOption())
        } else if argumentTypes.isEmpty && problem == nil {
            let identity = FactoryIdentity(service: service, name: name, parameters: parameters)
            entry = _register(service, factory: Self.guarded(factory, identity: identity), name: name)
        } else {
            entry = _register(service, factory: factory, name: name)
        }
        let info = AutoregistrationInfo(
            parameters: parameters, argumentTypes: argumentTypes, invoker: invoker, problem: problem)
        tracked.attach(info, to: RegistrationKey(service: Service.self, arguments: Arguments.self, name: name))
        return entry
    }

    /// `factory` run inside a frame of the thread's resolution stack (see
    /// ``registerAndRecord(_:name:parameters:argumentTypes:invoker:problem:factory:)``).
    private static func guarded<Arguments>(
        _ factory: @escaping (Arguments) -> Any, identity: FactoryIdentity
    ) -> (Arguments) -> Any {
        { arguments in
            let context = ResolutionContext.current
            guard context.enter(identity) else { return ResolutionFailureMarker() }
            defer { context.leave() }
            let cycles = context.cycles
            let service = factory(arguments)
            // A cycle found below this factory left it built from a partial graph: it fails too.
            return context.cycles == cycles ? service : ResolutionFailureMarker()
        }
    }

    /// Registers an autoregistration that can never produce its service (`problem` says why). It
    /// does not stop the program: resolving it yields nil, `resolveOrThrow` throws `problem`, and
    /// `verify()` reports it.
    func registerUnusable<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        problem: ResolutionError,
        arguments: Arguments.Type
    ) -> ServiceEntry<Service> {
        registerAndRecord(
            service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: nil, problem: problem
        ) { (_: Arguments) -> Any in
            ResolutionFailureMarker()
        }
    }
}
