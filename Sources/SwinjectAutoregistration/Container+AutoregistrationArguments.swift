public import Swinject

extension Container {
    /// Registers `service` with one runtime argument: the initializer parameter of type `A` takes
    /// the argument, every other parameter is resolved from the container.
    ///
    /// ```swift
    /// container.autoregister(Person.self, argument: String.self, initializer: PetOwner.init)
    /// let owner = container.resolve(Person.self, argument: "Michael")
    /// ```
    ///
    /// If no parameter, or more than one, has type `A`, the registration can never produce the
    /// service. That does not stop the program: resolving it yields nil,
    /// `resolveOrThrow` throws ``ResolutionError/Code/duplicateArgumentTypes`` or
    /// ``ResolutionError/Code/unmatchedArgumentType``, and `verify()` reports it.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, each D>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, argument: argument, initializer: initializer)
    }

    /// Every one-argument `autoregister`: builds the factory where it is called (see
    /// `Container+AutoregistrationFactories.swift`).
    @inlinable
    func autoregisterWithArguments<Service, A, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, argument: argument, initializer: initializer,
            factory: Self.factory(service, name: name, argument: argument, initializer: initializer))
    }

    /// The implementation of every one-argument `autoregister`.
    ///
    /// `Arguments` is always `(any Resolver, A)`. It is a generic parameter, like the one of
    /// Swinject's `_register` that receives the factory, so the factory closure is compiled
    /// taking the argument tuple as one value, the way Swinject calls it. Typed
    /// `((any Resolver, A)) -> Any` here, the closure took the tuple's elements separately and
    /// every resolve went through two more conversion thunks on the way in (the same holds for
    /// the two- and three-argument implementations below).
    @usableFromInline
    func registerCheckingArguments<Service, A, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(Arguments.self == (any Resolver, A).self, "an autoregistered factory takes (any Resolver, A)")
        let argumentTypes: [Any.Type] = [A.self]
        let parameters: [DependencyInfo] = parameterInfos(repeat (each D).self, arguments: argumentTypes)
        if let problem = ArgumentValidation.problem(
            service: service, name: name, arguments: argumentTypes, parameters: parameters)
        {
            return registerUnusable(
                service, name: name, parameters: parameters, argumentTypes: argumentTypes, problem: problem,
                arguments: (any Resolver, A).self)
        }
        let invoker: @Sendable (any Resolver, [Any]) -> Any? = { resolver, values in
            guard values.count == 1, let first = values[0] as? A else { return nil }
            return resolver.resolve(Service.self, name: name, argument: first)
        }
        return registerAndRecord(
            service,
            name: name,
            parameters: parameters,
            argumentTypes: argumentTypes,
            invoker: invoker,
            factory: factory
        )
    }

    /// Registers `service` with two runtime arguments, matched to initializer parameters by type
    /// in any order.
    ///
    /// ```swift
    /// container.autoregister(Person.self, arguments: String.self, Animal.self, initializer: PetOwner.init)
    /// ```
    ///
    /// If the argument types are equal or do not each match exactly one parameter, the registration
    /// can never produce the service. That does not stop the program: resolving it yields nil,
    /// `resolveOrThrow` throws ``ResolutionError/Code/duplicateArgumentTypes`` or
    /// ``ResolutionError/Code/unmatchedArgumentType``, and `verify()` reports it.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, each D>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, arguments: first, second, initializer: initializer)
    }

    /// Every two-argument `autoregister`: builds the factory where it is called.
    @inlinable
    func autoregisterWithArguments<Service, A, B, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, arguments: first, second, initializer: initializer,
            factory: Self.factory(service, name: name, arguments: first, second, initializer: initializer))
    }

    /// The implementation of every two-argument `autoregister`.
    @usableFromInline
    func registerCheckingArguments<Service, A, B, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(Arguments.self == (any Resolver, A, B).self, "an autoregistered factory takes (any Resolver, A, B)")
        let argumentTypes: [Any.Type] = [A.self, B.self]
        let parameters: [DependencyInfo] = parameterInfos(repeat (each D).self, arguments: argumentTypes)
        if let problem = ArgumentValidation.problem(
            service: service, name: name, arguments: argumentTypes, parameters: parameters)
        {
            return registerUnusable(
                service, name: name, parameters: parameters, argumentTypes: argumentTypes, problem: problem,
                arguments: (any Resolver, A, B).self)
        }
        let invoker: @Sendable (any Resolver, [Any]) -> Any? = { resolver, values in
            guard values.count == 2, let a = values[0] as? A, let b = values[1] as? B else { return nil }
            return resolver.resolve(Service.self, name: name, arguments: a, b)
        }
        return registerAndRecord(
            service,
            name: name,
            parameters: parameters,
            argumentTypes: argumentTypes,
            invoker: invoker,
            factory: factory
        )
    }

    /// Registers `service` with three runtime arguments, matched to initializer parameters by
    /// type in any order.
    ///
    /// If two argument types are equal or an argument type does not match exactly one parameter,
    /// the registration can never produce the service. That does not stop the program: resolving it
    /// yields nil,
    /// `resolveOrThrow` throws ``ResolutionError/Code/duplicateArgumentTypes`` or
    /// ``ResolutionError/Code/unmatchedArgumentType``, and `verify()` reports it.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - third: The third runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, C, each D>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, arguments: first, second, third, initializer: initializer,
            factory: Self.factory(service, name: name, arguments: first, second, third, initializer: initializer))
    }

    /// The implementation of every three-argument `autoregister`.
    @usableFromInline
    func registerCheckingArguments<Service, A, B, C, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(
            Arguments.self == (any Resolver, A, B, C).self, "an autoregistered factory takes (any Resolver, A, B, C)")
        let argumentTypes: [Any.Type] = [A.self, B.self, C.self]
        let parameters: [DependencyInfo] = parameterInfos(repeat (each D).self, arguments: argumentTypes)
        if let problem = ArgumentValidation.problem(
            service: service, name: name, arguments: argumentTypes, parameters: parameters)
        {
            return registerUnusable(
                service, name: name, parameters: parameters, argumentTypes: argumentTypes, problem: problem,
                arguments: (any Resolver, A, B, C).self)
        }
        let invoker: @Sendable (any Resolver, [Any]) -> Any? = { resolver, values in
            guard values.count == 3, let a = values[0] as? A, let b = values[1] as? B, let c = values[2] as? C
            else { return nil }
            return resolver.resolve(Service.self, name: name, arguments: a, b, c)
        }
        return registerAndRecord(
            service,
            name: name,
            parameters: parameters,
            argumentTypes: argumentTypes,
            invoker: invoker,
            factory: factory
        )
    }
}
