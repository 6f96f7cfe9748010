public import Swinject
import SwinjectKitSupport

extension Resolver {
    /// Resolves `service`, or throws a ``ResolutionError`` that explains the failure: the
    /// service being built, the missing dependency and the chain that led there.
    ///
    /// ```swift
    /// let person = try container.resolveOrThrow(Person.self)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service>(_ service: Service.Type, name: String? = nil) throws(ResolutionError) -> Service
    {
        ResolutionContext.current.beginRequest()
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name) { return value }
        throw resolver.resolutionError(service: Service.self, name: name, arguments: [])
    }

    /// Resolves `service` with one runtime argument, or throws an explaining ``ResolutionError``.
    ///
    /// Unlike Swinject's `resolve(_:argument:)`, this finds a registration made with a protocol
    /// argument type even when Swift 6 opened the existential value to its dynamic type.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - argument: The runtime argument.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A
    ) throws(ResolutionError) -> Service {
        ResolutionContext.current.beginRequest()
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, argument: argument) { return value }
        return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [argument])
    }

    /// Resolves `service` with two runtime arguments, or throws an explaining ``ResolutionError``.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A, B>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A,
        _ second: B
    ) throws(ResolutionError) -> Service {
        ResolutionContext.current.beginRequest()
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, arguments: first, second) { return value }
        return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [first, second])
    }

    /// Resolves `service` with three runtime arguments, or throws an explaining ``ResolutionError``.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    ///   - third: The third runtime argument.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A, B, C>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A,
        _ second: B,
        _ third: C
    ) throws(ResolutionError) -> Service {
        ResolutionContext.current.beginRequest()
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, arguments: first, second, third) { return value }
        return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [first, second, third])
    }

    /// Either resolves through the manifest or explains the failure. Failure path only.
    func resolveThroughManifestOrThrow<Service>(
        _ service: Service.Type,
        name: String?,
        arguments: [Any]
    ) throws(ResolutionError) -> Service {
        if let failure = ResolutionContext.current.takeFailure(service: Service.self, name: name) {
            let known = RegistrationTracking.knownRecords(from: self)
            throw ResolutionDiagnostics.error(for: failure, records: known.records, isComplete: known.isComplete)
        }
        if let value = resolveThroughManifest(service, name: name, arguments: arguments) {
            return value
        }
        throw resolutionError(service: Service.self, name: name, arguments: arguments)
    }
}
