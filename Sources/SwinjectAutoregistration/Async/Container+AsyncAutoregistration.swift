public import Swinject

// `autoregister` of `async` and `async throws` initializers. Each returns an
// ``AsyncServiceEntry`` and registers like `registerAsync`: resolve the service with
// `resolveAsync`. A dependency with an async or main-actor registration is awaited, any other is
// resolved synchronously; a missing dependency, a throwing initializer and a cycle fail with the
// same codes, messages and chains as the synchronous `autoregister`. `verify()` and
// `dependencyGraph()` see the initializer's parameters.
extension Container {
    /// Registers `service`, built by an `async` (or `async throws`) `initializer` whose parameters
    /// are resolved from the container, awaiting those registered async.
    ///
    /// ```swift
    /// container.autoregister(Database.self, initializer: Database.init)  // init(config:) async throws
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The async initializer that builds the service.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func autoregister<Service, each D>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping @Sendable (repeat each D) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        let parameters = parameterInfos(repeat (each D).self, arguments: [])
        return addAsyncAutoregistration(
            service, name: name, parameters: parameters, argumentTypes: [], argumentsType: noArgumentsType
        ) { r, _ in
            InstanceBox(try await initializer(repeat try await r.dependency((each D).self)))
        }
    }

    /// Registers `service` with one runtime argument, built by an `async` `initializer`: the
    /// parameter of type `A` takes the argument, every other parameter is resolved.
    ///
    /// ```swift
    /// container.autoregister(Session.self, argument: String.self, initializer: Session.init)
    /// let session = try await container.resolveAsync(Session.self, argument: "ada")
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The async initializer that builds the service.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func autoregister<Service, A, each D>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping @Sendable (repeat each D) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        let parameters = parameterInfos(repeat (each D).self, arguments: [A.self])
        return addAsyncAutoregistration(
            service, name: name, parameters: parameters, argumentTypes: [A.self], argumentsType: (any Resolver, A).self
        ) {
            r, arguments in
            let a: A = try AsyncArguments.one(arguments)
            return InstanceBox(try await initializer(repeat try await r.dependency((each D).self, or: a)))
        }
    }

    /// Registers `service` with two runtime arguments, built by an `async` `initializer`; the
    /// arguments are matched to parameters by type.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - initializer: The async initializer that builds the service.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func autoregister<Service, A, B, each D>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping @Sendable (repeat each D) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        let parameters = parameterInfos(repeat (each D).self, arguments: [A.self, B.self])
        return addAsyncAutoregistration(
            service, name: name, parameters: parameters, argumentTypes: [A.self, B.self],
            argumentsType: (any Resolver, A, B).self
        ) {
            r, arguments in
            let (a, b): (A, B) = try AsyncArguments.tuple(arguments)
            return InstanceBox(try await initializer(repeat try await r.dependency((each D).self, or: a, b)))
        }
    }

    /// Registers an async autoregistration, or, when its runtime argument types do not match the
    /// initializer, one whose resolve throws that problem and which `verify()` reports.
    func addAsyncAutoregistration<Service>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        argumentsType: Any.Type,
        body: @escaping @Sendable (AsyncResolver, InstanceBox) async throws -> InstanceBox
    ) -> AsyncServiceEntry<Service> {
        let problem =
            argumentTypes.isEmpty
            ? nil
            : ArgumentValidation.problem(service: service, name: name, arguments: argumentTypes, parameters: parameters)
        let info = AutoregistrationInfo(
            parameters: parameters, argumentTypes: argumentTypes, invoker: nil, problem: problem)
        let signature = "async " + TypeName.signature(parameters: parameters.map(\.type), result: service)
        if let problem {
            return addAsyncRegistration(
                service, name: name, argumentTypes: argumentTypes, argumentsType: argumentsType, signature: signature,
                info: info, body: .async { _, _ in throw problem })
        }
        return addAsyncRegistration(
            service, name: name, argumentTypes: argumentTypes, argumentsType: argumentsType, signature: signature,
            info: info, body: .async(body))
    }
}
