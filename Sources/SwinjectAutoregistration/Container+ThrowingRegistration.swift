public import Swinject

// `register` with a factory that may throw. Swinject's factories cannot throw, so a factory that
// must stop (a required property is missing, a file cannot be read) had only `!` or a trap. Here
// the thrown error is kept for `resolveOrThrow`, which rethrows it with the chain of services
// that led to the factory, and Swinject's `resolve` returns nil, as for a missing registration.
//
// These are overloads of Swinject's `register`: a closure that contains `try` can only match the
// throwing form, and one that does not still picks Swinject's own, so existing code is unchanged.
extension Container {
    /// Registers `serviceType` with a factory that may throw.
    ///
    /// ```swift
    /// container.register(Database.self) { r in
    ///     try Database(host: r.requiredProperty("database.host"), port: r.requiredProperty("database.port"))
    /// }
    /// let database = try container.resolveOrThrow(Database.self)
    /// ```
    ///
    /// When the factory throws, `resolveOrThrow` throws a ``ResolutionError`` with code
    /// ``ResolutionError/Code/initializerThrew`` whose ``ResolutionError/underlyingError`` is the
    /// thrown error and whose chain starts at the service asked for; `resolve` returns nil; a
    /// service autoregistered on top of it fails with the same chain. Nothing is stored in the
    /// object scope, so the next resolve runs the factory again.
    ///
    /// The service type must not hold any value (`Any`, `AnyObject`, optionals): for such a type
    /// Swinject's `resolve` cannot tell a failure from a service.
    ///
    /// - Parameters:
    ///   - serviceType: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service; what it throws is reported by `resolveOrThrow`.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @discardableResult
    public func register<Service>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        _register(
            serviceType,
            factory: { (resolver: any Resolver) -> Any in
                runThrowingFactory(name: name) { try factory(resolver) }
            }, name: name)
    }

    /// Registers `serviceType` with a throwing factory that takes one runtime argument, resolved
    /// with `resolveOrThrow(_:argument:)`.
    @discardableResult
    public func register<Service, Arg1>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (any Resolver, Arg1) throws -> Service
    ) -> ServiceEntry<Service> {
        _register(
            serviceType,
            factory: { (resolver: any Resolver, arg1: Arg1) -> Any in
                runThrowingFactory(name: name) { try factory(resolver, arg1) }
            }, name: name)
    }

    /// Registers `serviceType` with a throwing factory that takes two runtime arguments.
    @discardableResult
    public func register<Service, Arg1, Arg2>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (any Resolver, Arg1, Arg2) throws -> Service
    ) -> ServiceEntry<Service> {
        _register(
            serviceType,
            factory: { (resolver: any Resolver, arg1: Arg1, arg2: Arg2) -> Any in
                runThrowingFactory(name: name) { try factory(resolver, arg1, arg2) }
            }, name: name)
    }

    /// Registers `serviceType` with a throwing factory that takes three runtime arguments.
    @discardableResult
    public func register<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (any Resolver, Arg1, Arg2, Arg3) throws -> Service
    ) -> ServiceEntry<Service> {
        _register(
            serviceType,
            factory: { (resolver: any Resolver, arg1: Arg1, arg2: Arg2, arg3: Arg3) -> Any in
                runThrowingFactory(name: name) { try factory(resolver, arg1, arg2, arg3) }
            }, name: name)
    }
}

/// Runs a throwing factory's body for Swinject: the service, or the failure marker after the thrown
/// error is recorded for `resolveOrThrow` and the property check.
private func runThrowingFactory<Service>(name: String?, _ body: () throws -> Service) -> Any {
    do {
        return try body()
    } catch {
        return reportFactoryThrew(error, service: Service.self, name: name)
    }
}
