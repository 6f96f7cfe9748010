public import Swinject
import SwinjectKitSupport

extension Container {
    /// Registers `service` with an async factory, resolved with ``Swinject/Container/resolveAsync(_:name:)``.
    ///
    /// ```swift
    /// container.registerAsync(Database.self) { r in
    ///     try await Database.connect(url: r.resolve(DatabaseURL.self))
    /// }
    /// .inObjectScope(.container)
    /// ```
    ///
    /// A synchronous `resolve` of the service returns nil, as for any service Swinject does not
    /// hold; `resolveOrThrow` throws ``ResolutionError/Code/asyncOnlyRegistration`` naming
    /// `resolveAsync`. What the factory throws fails the resolve with
    /// ``ResolutionError/Code/initializerThrew`` and the chain.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service; resolve its dependencies through the ``AsyncResolver``.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func registerAsync<Service>(
        _ service: Service.Type,
        name: String? = nil,
        factory: @escaping @Sendable (AsyncResolver) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        addAsyncRegistration(
            service, name: name, argumentTypes: [], argumentsType: noArgumentsType, signature: nil,
            factory: "async closure",
            info: nil, body: .async { r, _ in InstanceBox(try await factory(r)) })
    }

    /// Registers `service` with an async factory that takes one runtime argument.
    ///
    /// ```swift
    /// container.registerAsync(Session.self) { r, user: String in try await Session.open(for: user) }
    /// let session = try await container.resolveAsync(Session.self, argument: "ada")
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service from the resolver and the argument.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func registerAsync<Service, A>(
        _ service: Service.Type,
        name: String? = nil,
        factory: @escaping @Sendable (AsyncResolver, A) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        addAsyncRegistration(
            service, name: name, argumentTypes: [A.self], argumentsType: (any Resolver, A).self,
            signature: nil, factory: "async closure", info: nil,
            body: .async { r, arguments in InstanceBox(try await factory(r, try AsyncArguments.one(arguments))) })
    }

    /// Registers `service` with an async factory that takes two runtime arguments.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service from the resolver and the arguments.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func registerAsync<Service, A, B>(
        _ service: Service.Type,
        name: String? = nil,
        factory: @escaping @Sendable (AsyncResolver, A, B) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        addAsyncRegistration(
            service, name: name, argumentTypes: [A.self, B.self], argumentsType: (any Resolver, A, B).self,
            signature: nil, factory: "async closure", info: nil,
            body: .async { r, arguments in
                let (a, b): (A, B) = try AsyncArguments.tuple(arguments)
                return InstanceBox(try await factory(r, a, b))
            })
    }

    /// Registers `service` with an async factory that takes three runtime arguments.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service from the resolver and the arguments.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func registerAsync<Service, A, B, C>(
        _ service: Service.Type,
        name: String? = nil,
        factory: @escaping @Sendable (AsyncResolver, A, B, C) async throws -> Service
    ) -> AsyncServiceEntry<Service> {
        addAsyncRegistration(
            service, name: name, argumentTypes: [A.self, B.self, C.self], argumentsType: (any Resolver, A, B, C).self,
            signature: nil, factory: "async closure", info: nil,
            body: .async { r, arguments in
                let (a, b, c): (A, B, C) = try AsyncArguments.tuple(arguments)
                return InstanceBox(try await factory(r, a, b, c))
            })
    }

    /// Adds an async or main-actor registration to the container's ``AsyncRegistry`` and records
    /// it in the manifest (with `info` for an autoregistration), unless a ``SendableResolver``
    /// sealed the container, which then reports the refused registration on every resolve.
    func addAsyncRegistration<Service>(
        _ service: Service.Type,
        name: String?,
        argumentTypes: [Any.Type],
        argumentsType: Any.Type,
        signature: String?,
        factory: String? = nil,
        info: AutoregistrationInfo?,
        body: AsyncRegistration.Body
    ) -> AsyncServiceEntry<Service> {
        let registration = AsyncRegistration(
            service: service, name: name, argumentTypes: argumentTypes, signature: signature, factory: factory,
            body: body)
        let key = RegistrationKey(service: Service.self, arguments: argumentsType, name: name)
        let lineage = AsyncLineage.installed(on: self)
        guard AsyncRegistry.installed(on: self).add(registration, for: key) else {
            lineage.gate.recordLate(AsyncDiagnostics.rejectedRegistration(registration))
            return AsyncServiceEntry(registration)
        }
        let tracked = RegistrationTracking.start(on: self)
        tracked.record(
            ManifestRecord(
                serviceType: Service.self, name: name, argumentsType: argumentsType, entry: registration,
                autoregistration: nil))
        if let info { tracked.attach(info, to: key) }
        return AsyncServiceEntry(registration)
    }
}

/// Unpacks the runtime arguments an async factory receives.
enum AsyncArguments {
    /// The one argument.
    static func one<A>(_ box: InstanceBox) throws(ResolutionError) -> A {
        if let value = box.value as? A { return value }
        throw mismatch(box, expected: A.self)
    }

    /// The arguments as the tuple type `T`.
    static func tuple<T>(_ box: InstanceBox) throws(ResolutionError) -> T {
        if let value = box.value as? T { return value }
        throw mismatch(box, expected: T.self)
    }

    private static func mismatch(_ box: InstanceBox, expected: Any.Type) -> ResolutionError {
        ResolutionError(
            code: .argumentTypeMismatch, chain: [],
            message: "Runtime arguments \(TypeNames.short(type(of: box.value))) do not match the registered "
                + TypeNames.short(expected) + ".")
    }
}
