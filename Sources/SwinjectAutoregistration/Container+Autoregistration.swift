public import Swinject

// The parameter-pack `autoregister` overloads, the documented API: one per runtime-argument
// count (none to three), for initializers of any length, throwing or not. Each calls
// `buildAndRegister`, which builds the factory closure where `autoregister` is called
// (`Container+AutoregistrationFactories.swift`) and hands it to the registration and recording
// code (`Container+AutoregistrationRecording.swift`).
//
// Under them lies a performance layer, the fixed-arity overloads that
// `Scripts/generate-autoregister.swift` writes into `Generated/`: they name each parameter type,
// so the factory needs no pack metadata. Swift prefers a fixed-arity overload to a pack, which
// settles `PetOwner.init` when the type has both `init(pet:)` and `init(name:pet:)`: with
// `argument: String.self` the initializer that takes a `String` is chosen. A closure whose one
// parameter is a tuple, upstream's spelling `((A, B)) -> Service`, goes to overloads of its own
// (`Compatibility/Container+TupleInitializers.swift`). Throwing initializers have their own
// overloads: a thrown error fails the resolve like a missing dependency
// (``ResolutionError/Code/initializerThrew``, the thrown error in
// ``ResolutionError/underlyingError``); non-throwing initializers keep the non-throwing overloads.
extension Container {
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
        _ service: Service.Type, name: String? = nil,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(
            service, name: name, parameters: dependencyInfos(repeat (each D).self),
            initializer: initializer)
    }

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
        _ service: Service.Type, name: String? = nil,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(
            service, name: name, parameters: dependencyInfos(repeat (each D).self),
            initializer: initializer)
    }

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
        _ service: Service.Type, name: String? = nil, argument: A.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, argument: argument, initializer: initializer)
    }

    /// Registers `service` with one runtime argument, built by a throwing `initializer`.
    @inlinable @discardableResult
    public func autoregister<Service, A, each D>(
        _ service: Service.Type, name: String? = nil, argument: A.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, argument: argument, initializer: initializer)
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
        _ service: Service.Type, name: String? = nil, arguments first: A.Type, _ second: B.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, arguments: first, second, initializer: initializer)
    }

    /// Registers `service` with two runtime arguments, built by a throwing `initializer`.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, each D>(
        _ service: Service.Type, name: String? = nil, arguments first: A.Type, _ second: B.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, arguments: first, second, initializer: initializer)
    }

    /// Registers `service` with three runtime arguments, matched to initializer parameters by
    /// type in any order.
    ///
    /// If two argument types are equal or an argument type does not match exactly one parameter,
    /// the registration can never produce the service. That does not stop the program: resolving it
    /// yields nil, `resolveOrThrow` throws ``ResolutionError/Code/duplicateArgumentTypes`` or
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
        _ service: Service.Type, name: String? = nil, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
        initializer: @escaping (repeat each D) -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, arguments: first, second, third, initializer: initializer)
    }

    /// Registers `service` with three runtime arguments, built by a throwing `initializer`.
    @inlinable @discardableResult
    public func autoregister<Service, A, B, C, each D>(
        _ service: Service.Type, name: String? = nil, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
        initializer: @escaping (repeat each D) throws -> Service
    ) -> ServiceEntry<Service> {
        buildAndRegister(service, name: name, arguments: first, second, third, initializer: initializer)
    }
}
