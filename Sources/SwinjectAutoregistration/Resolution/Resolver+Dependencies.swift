public import Swinject
import SwinjectKitSupport

extension Resolver {
    /// Resolves one initializer parameter. Optional parameters resolve to nil when unregistered
    /// (Swinject treats `Optional` as an instance wrapper).
    @inlinable @inline(__always)  // Benchmark: autoregister.resolve.20deps.1args
    func dependency<D>(_ type: D.Type) throws(DependencyMiss) -> D {
        if let value = resolve(D.self) { return value }
        throw DependencyMiss(type: D.self)
    }

    /// Resolves a parameter, or takes the runtime argument when the parameter has its type.
    @inlinable @inline(__always)  // Benchmark: autoregister.resolve.20deps.1args
    func dependency<D, A>(_ type: D.Type, or argument: A) throws(DependencyMiss) -> D {
        if D.self == A.self, let value = argument as? D { return value }
        return try dependency(D.self)
    }

    /// Resolves a parameter, or takes one of two runtime arguments by type.
    @inlinable @inline(__always)  // Benchmark: autoregister.resolve.20deps.1args
    func dependency<D, A, B>(_ type: D.Type, or first: A, _ second: B) throws(DependencyMiss) -> D {
        if D.self == A.self, let value = first as? D { return value }
        if D.self == B.self, let value = second as? D { return value }
        return try dependency(D.self)
    }

    /// Resolves a parameter, or takes one of three runtime arguments by type.
    @inlinable @inline(__always)  // Benchmark: autoregister.resolve.20deps.1args
    func dependency<D, A, B, C>(
        _ type: D.Type,
        or first: A,
        _ second: B,
        _ third: C
    ) throws(DependencyMiss) -> D {
        if D.self == A.self, let value = first as? D { return value }
        if D.self == B.self, let value = second as? D { return value }
        if D.self == C.self, let value = third as? D { return value }
        return try dependency(D.self)
    }
}

/// Records a factory's failure and returns the marker the factory hands back to Swinject.
@usableFromInline
func reportMiss(_ miss: DependencyMiss, service: Any.Type, name: String?, parameters: [DependencyInfo]) -> Any {
    recordFactoryFailure(service: service, name: name, parameters: parameters, missing: miss.type, thrown: nil)
}

/// Records that an initializer threw `error` and returns the marker the factory hands back to
/// Swinject.
@usableFromInline
func reportThrown(_ error: any Error, service: Any.Type, name: String?, parameters: [DependencyInfo]) -> Any {
    recordFactoryFailure(service: service, name: name, parameters: parameters, missing: nil, thrown: error)
}

/// Records that a factory registered with a throwing closure threw `error` and returns the marker
/// the factory hands back to Swinject.
func reportFactoryThrew(_ error: any Error, service: Any.Type, name: String?) -> Any {
    recordFailure(of: ChainLink(type: service, name: name, signature: nil), missing: nil, thrown: error)
}

/// Records the failure of a factory whose one `catch` receives both a missing dependency and what
/// a throwing initializer threw, and returns the marker the factory hands back to Swinject.
@usableFromInline
func reportMissOrThrown(_ error: any Error, service: Any.Type, name: String?, parameters: [DependencyInfo]) -> Any {
    if let miss = error as? DependencyMiss {
        return reportMiss(miss, service: service, name: name, parameters: parameters)
    }
    return reportThrown(error, service: service, name: name, parameters: parameters)
}

/// Records on this thread's ``ResolutionContext`` that the factory of `service` failed.
private func recordFactoryFailure(
    service: Any.Type, name: String?, parameters: [DependencyInfo], missing: Any.Type?, thrown: (any Error)?
) -> Any {
    recordFailure(
        of: FactoryIdentity(service: service, name: name, parameters: parameters).link, missing: missing,
        thrown: thrown)
}

/// Records the failure of `link` on this thread's ``ResolutionContext``, hands a thrown error to a
/// running ``FactoryErrors/collect(_:)``, and returns the marker the factory hands back to Swinject.
private func recordFailure(of link: ChainLink, missing: Any.Type?, thrown: (any Error)?) -> Any {
    if let thrown { FactoryErrors.post(thrown) }
    ResolutionContext.slot.withCurrent { $0.recordFailure(of: link, missing: missing, thrown: thrown) }
    return ResolutionFailureMarker()
}

/// The parameter list of an initializer, with runtime arguments marked.
@usableFromInline
func parameterInfos<each D>(_ types: repeat (each D).Type, arguments: [Any.Type]) -> [DependencyInfo] {
    var result: [DependencyInfo] = []
    for type in repeat each types {
        result.append(DependencyInfo(type, isArgument: arguments.contains { $0 == type }))
    }
    return result
}
