public import Swinject

// `autoregister` for initializers that throw. A thrown error is a failed resolve like a missing
// dependency: `resolve` returns nil, `resolveOrThrow` throws a ``ResolutionError`` with code
// ``ResolutionError/Code/initializerThrew``, the chain down to the throwing service and the
// thrown error in ``ResolutionError/underlyingError``. Non-throwing initializers keep choosing
// the non-throwing overloads, whose factories skip the error path.
extension Container {
    /// Registers `service`, built by a throwing `initializer` whose parameters are resolved from
    /// the container.
    ///
    /// ```swift
    /// container.autoregister(Database.self, initializer: Database.init)  // init(config:) throws
    /// let database = try container.resolveOrThrow(Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - initializer: The throwing initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, each D>(
        _ service: Service.Type,
        name: String? = nil,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        registerAndRecord(
            service, name: name, parameters: parameterInfos(repeat (each D).self, arguments: []), argumentTypes: [],
            invoker: nil, factory: Self.factory(service, name: name, throwingInitializer: initializer))
    }

    /// Registers `service` with one runtime argument, built by a throwing `initializer`.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The throwing initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, each D>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, argument: argument, initializer: initializer,
            factory: Self.factory(service, name: name, argument: argument, throwingInitializer: initializer))
    }

    /// Registers `service` with two runtime arguments, built by a throwing `initializer`.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - initializer: The throwing initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, each D>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, arguments: first, second, initializer: initializer,
            factory: Self.factory(service, name: name, arguments: first, second, throwingInitializer: initializer))
    }

    /// Registers `service` with three runtime arguments, built by a throwing `initializer`.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - third: The third runtime argument type.
    ///   - initializer: The throwing initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, C, each D>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        registerCheckingArguments(
            service, name: name, arguments: first, second, third, initializer: initializer,
            factory: Self.factory(
                service, name: name, arguments: first, second, third, throwingInitializer: initializer))
    }
}
