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
    ///   - fileID: The caller's file, named by an error for a service registered only async.
    ///   - line: The caller's line.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service>(
        _ service: Service.Type, name: String? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ResolutionError) -> Service {
        ResolutionContext.slot.withCurrent { $0.beginRequest() }
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name) {
            try RequestScopeDiagnostics.checkResolvedInScope(Service.self, name: name)
            return value
        }
        throw resolver.resolutionError(service: Service.self, name: name, arguments: [])
            .locatingAsyncOnly(fileID: fileID, line: line)
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
    ///   - fileID: The caller's file, named by an error for a service registered only async.
    ///   - line: The caller's line.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A>(
        _ service: Service.Type,
        name: String? = nil,
        argument: A,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(ResolutionError) -> Service {
        ResolutionContext.slot.withCurrent { $0.beginRequest() }
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, argument: argument) {
            try RequestScopeDiagnostics.checkResolvedInScope(Service.self, name: name)
            return value
        }
        do {
            return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [argument])
        } catch {
            throw error.locatingAsyncOnly(fileID: fileID, line: line)
        }
    }

    /// Resolves `service` with two runtime arguments, or throws an explaining ``ResolutionError``.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    ///   - fileID: The caller's file, named by an error for a service registered only async.
    ///   - line: The caller's line.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A, B>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A,
        _ second: B,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(ResolutionError) -> Service {
        ResolutionContext.slot.withCurrent { $0.beginRequest() }
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, arguments: first, second) {
            try RequestScopeDiagnostics.checkResolvedInScope(Service.self, name: name)
            return value
        }
        do {
            return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [first, second])
        } catch {
            throw error.locatingAsyncOnly(fileID: fileID, line: line)
        }
    }

    /// Resolves `service` with three runtime arguments, or throws an explaining ``ResolutionError``.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    ///   - third: The third runtime argument.
    ///   - fileID: The caller's file, named by an error for a service registered only async.
    ///   - line: The caller's line.
    /// - Returns: The resolved instance.
    public func resolveOrThrow<Service, A, B, C>(
        _ service: Service.Type,
        name: String? = nil,
        arguments first: A,
        _ second: B,
        _ third: C,
        fileID: String = #fileID,
        line: Int = #line
    ) throws(ResolutionError) -> Service {
        ResolutionContext.slot.withCurrent { $0.beginRequest() }
        let resolver = ContainerOverrideScopes.effective(resolver: self)
        if let value = resolver.resolve(service, name: name, arguments: first, second, third) {
            try RequestScopeDiagnostics.checkResolvedInScope(Service.self, name: name)
            return value
        }
        do {
            return try resolver.resolveThroughManifestOrThrow(service, name: name, arguments: [first, second, third])
        } catch {
            throw error.locatingAsyncOnly(fileID: fileID, line: line)
        }
    }

    /// Either resolves through the manifest or explains the failure. Failure path only.
    func resolveThroughManifestOrThrow<Service>(
        _ service: Service.Type,
        name: String?,
        arguments: [Any]
    ) throws(ResolutionError) -> Service {
        if let failure = ResolutionContext.slot.withCurrent({ $0.takeFailure(service: Service.self, name: name) }) {
            let known = RegistrationTracking.knownRecords(from: self)
            throw ResolutionDiagnostics.error(for: failure, records: known.records, isComplete: known.isComplete)
        }
        if let value = resolveThroughManifest(service, name: name, arguments: arguments) {
            return value
        }
        throw resolutionError(service: Service.self, name: name, arguments: arguments)
    }
}
