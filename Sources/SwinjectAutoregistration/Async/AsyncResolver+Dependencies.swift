import Swinject

extension AsyncResolver {
    /// Resolves one parameter of an async autoregistered initializer: from an async or main-actor
    /// registration when there is one, else synchronously. An optional parameter is nil when its
    /// type is not registered.
    @usableFromInline
    nonisolated(nonsending) func dependency<D>(_ type: D.Type) async throws(ResolutionError) -> D {
        if _isOptional(D.self), let marker = D.self as? any OptionalDependencyMarker.Type {
            let key = RegistrationKey(service: marker.wrappedDependencyType, arguments: noArgumentsType, name: nil)
            if let registration = lineage.registration(for: key) {
                let box = try await AsyncResolution.instance(
                    of: registration, arguments: InstanceBox(()), lineage: lineage, parent: frame)
                if let value = box.value as? D { return value }
            }
        }
        return try await AsyncResolution.resolve(
            D.self, name: nil, argumentsType: noArgumentsType, arguments: InstanceBox(()), argumentCount: 0,
            lineage: lineage, frame: frame
        ) { $0.resolve(D.self) }
    }

    /// Resolves a parameter, or takes the runtime argument when the parameter has its type.
    @usableFromInline
    nonisolated(nonsending) func dependency<D, A>(_ type: D.Type, or argument: A) async throws(ResolutionError) -> D {
        if D.self == A.self, let value = argument as? D { return value }
        return try await dependency(D.self)
    }

    /// Resolves a parameter, or takes one of two runtime arguments by type.
    @usableFromInline
    nonisolated(nonsending) func dependency<D, A, B>(
        _ type: D.Type,
        or first: A,
        _ second: B
    ) async throws(ResolutionError) -> D {
        if D.self == A.self, let value = first as? D { return value }
        if D.self == B.self, let value = second as? D { return value }
        return try await dependency(D.self)
    }
}
