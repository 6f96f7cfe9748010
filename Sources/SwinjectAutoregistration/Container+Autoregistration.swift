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
        registerAutomatically(service, name: name, parameters: [], argumentTypes: [], invoker: nil) {
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
        registerAutomatically(
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
        registerAutomatically(
            service, name: name, parameters: parameterInfos(repeat (each D).self, arguments: []), argumentTypes: [],
            invoker: nil, factory: Self.factory(service, name: name, initializer: initializer))
    }

    /// Starts recording every registration of this container in its manifest.
    ///
    /// Registrations already made are imported once; later ones are observed through a Swinject
    /// `Behavior` added to the container. `autoregister`, ``verify()``, ``dependencyGraph()`` and
    /// the failure paths of `resolveOrThrow` call this (the last three for every ancestor too), so
    /// calling it yourself is only needed to be explicit.
    public func enableRegistrationTracking() {
        guard let tracker = ManifestRegistry.installTrackerIfNeeded(on: self) else { return }
        addBehavior(tracker)
        tracker.importExistingRegistrations(of: self)
    }

    /// Registers an autoregistered factory and records it in the manifest.
    @usableFromInline
    func registerAutomatically<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError? = nil,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        enableRegistrationTracking()
        let entry: ServiceEntry<Service> = _register(service, factory: factory, name: name)
        let info = AutoregistrationInfo(
            parameters: parameters, argumentTypes: argumentTypes, invoker: invoker, problem: problem)
        let key = RegistrationKey(service: Service.self, arguments: Arguments.self, name: name)
        ManifestRegistry.attach(info, to: key, containerID: ObjectIdentifier(self))
        return entry
    }

    /// Registers an autoregistration whose runtime argument types can never be matched to the
    /// initializer (`problem` says why). It does not stop the program: resolving it yields nil,
    /// `resolveOrThrow` throws `problem`, and `verify()` reports it.
    func registerUnusable<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        problem: ResolutionError,
        arguments: Arguments.Type
    ) -> ServiceEntry<Service> {
        registerAutomatically(
            service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: nil, problem: problem
        ) { (_: Arguments) -> Any in
            ResolutionFailureMarker()
        }
    }
}
