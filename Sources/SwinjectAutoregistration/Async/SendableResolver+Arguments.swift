import Swinject

/// The runtime-argument overloads of ``SendableResolver``: the arities of
/// ``Swinject/Container/resolveAsync(_:name:arguments:_:_:)`` and `resolveOrThrow`, so a
/// registration made with arguments resolves through the resolver as it does through the
/// container.
extension SendableResolver {
    /// Resolves a synchronously registered `service` with two runtime arguments, or nil when it does
    /// not resolve or the container changed after the resolver started.
    public func resolve<Service, A, B>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B
    ) -> Service? {
        try? synchronously(service, name: name) { $0.resolve(service, name: name, arguments: first, second) }
    }

    /// Resolves a synchronously registered `service` with three runtime arguments, or nil.
    public func resolve<Service, A, B, C>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B, _ third: C
    ) -> Service? {
        try? synchronously(service, name: name) { $0.resolve(service, name: name, arguments: first, second, third) }
    }

    /// Resolves a synchronously registered `service` with one runtime argument, or throws an
    /// explaining ``ResolutionError`` (for a service registered only async, naming `resolveAsync`
    /// and the caller's `fileID:line`).
    public func resolveOrThrow<Service, A>(
        _ service: Service.Type, name: String? = nil, argument: A, fileID: String = #fileID, line: Int = #line
    ) throws(ResolutionError) -> Service {
        try synchronously(service, name: name) { (container) throws(ResolutionError) -> Service? in
            try container.resolveOrThrow(service, name: name, argument: argument, fileID: fileID, line: line)
        }
    }

    /// Resolves a synchronously registered `service` with two runtime arguments, or throws an
    /// explaining ``ResolutionError``.
    public func resolveOrThrow<Service, A, B>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B,
        fileID: String = #fileID, line: Int = #line
    ) throws(ResolutionError) -> Service {
        try synchronously(service, name: name) { (container) throws(ResolutionError) -> Service? in
            try container.resolveOrThrow(service, name: name, arguments: first, second, fileID: fileID, line: line)
        }
    }

    /// Resolves a synchronously registered `service` with three runtime arguments, or throws an
    /// explaining ``ResolutionError``.
    public func resolveOrThrow<Service, A, B, C>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B, _ third: C,
        fileID: String = #fileID, line: Int = #line
    ) throws(ResolutionError) -> Service {
        try synchronously(service, name: name) { (container) throws(ResolutionError) -> Service? in
            try container.resolveOrThrow(
                service, name: name, arguments: first, second, third, fileID: fileID, line: line)
        }
    }

    /// Resolves `service` with two runtime arguments; see
    /// ``Swinject/Container/resolveAsync(_:name:arguments:_:)``.
    public nonisolated(nonsending) func resolveAsync<Service, A, B>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B
    ) async throws(ResolutionError) -> Service {
        try checkUnchanged(service, name: name)
        return try await lineage.resolveAsync(service, name: name, arguments: first, second, frame: nil)
    }

    /// Resolves `service` with three runtime arguments; see
    /// ``Swinject/Container/resolveAsync(_:name:arguments:_:_:)``.
    public nonisolated(nonsending) func resolveAsync<Service, A, B, C>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B, _ third: C
    ) async throws(ResolutionError) -> Service {
        try checkUnchanged(service, name: name)
        return try await lineage.resolveAsync(service, name: name, arguments: first, second, third, frame: nil)
    }

    /// Runs `body` on the container under the gate, after checking that the container did not
    /// change; a nil from `body` (a plain Swinject resolve) is explained as `resolveOrThrow` would.
    func synchronously<Service>(
        _ service: Service.Type, name: String?,
        _ body: (Container) throws(ResolutionError) -> Service?
    ) throws(ResolutionError) -> Service {
        let container = lineage.members[0].container
        return try lineage.gate.withAccess { () throws(ResolutionError) -> Service in
            try checkUnchanged(service, name: name)
            guard let value = try body(container) else {
                throw ResolutionError(
                    code: .notRegistered, chain: [DiagnosticText.subject(service, name: name)],
                    message: DiagnosticText.cannotResolve(DiagnosticText.subject(service, name: name)))
            }
            return value
        }
    }
}
