public import Swinject

// Plain (non-pack) overloads for small arities: one runtime argument with at most one
// dependency, and two runtime arguments alone. Swift prefers
// them over the parameter-pack overloads, which settles `PetOwner.init` when the type has both
// `init(pet:)` and `init(name:pet:)`: with `argument: String.self` the two-parameter initializer
// that takes a `String` is chosen.
extension Container {
    /// Registers `service` built from the runtime argument alone.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping (A) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, argument: argument, initializer: initializer)
    }

    /// Registers `service` built from the runtime argument (first parameter) and one dependency.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, D1>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping (A, D1) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, argument: argument, initializer: initializer)
    }

    /// Registers `service` built from one dependency and the runtime argument (second parameter).
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - argument: The runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, D1>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A.Type,
        initializer: @escaping (D1, A) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, argument: argument, initializer: initializer)
    }

    /// Registers `service` built from two runtime arguments, in the initializer's order.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type.
    ///   - second: The second runtime argument type.
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (A, B) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, arguments: first, second, initializer: initializer)
    }

    /// Registers `service` built from two runtime arguments, in the opposite order to the
    /// initializer's parameters.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - first: The first runtime argument type (the initializer's second parameter).
    ///   - second: The second runtime argument type (the initializer's first parameter).
    ///   - initializer: The initializer that builds the service.
    /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
    @inlinable @discardableResult
    public func autoregister<Service, A, B>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (B, A) -> Service
    ) -> ServiceEntry<Service> {
        autoregisterWithArguments(service, name: name, arguments: first, second, initializer: initializer)
    }
}
