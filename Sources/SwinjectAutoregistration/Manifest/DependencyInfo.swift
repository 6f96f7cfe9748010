/// Marks `Optional` so a dependency type can say what it wraps.
protocol OptionalDependencyMarker {
    /// The wrapped type.
    static var wrappedDependencyType: Any.Type { get }
}

extension Optional: OptionalDependencyMarker {
    static var wrappedDependencyType: Any.Type { Wrapped.self }
}

/// One parameter of an autoregistered initializer, as recorded in the manifest.
@usableFromInline struct DependencyInfo: Sendable {
    /// The parameter type as written (`Cat?` for an optional).
    let type: Any.Type
    /// The type looked up in the container (`Cat` for `Cat?`).
    let lookupType: Any.Type
    /// Whether the parameter is optional (or implicitly unwrapped) and may resolve to nil.
    let isOptional: Bool
    /// Whether the value is supplied as a runtime argument instead of being resolved.
    let isArgument: Bool

    @usableFromInline init(_ type: Any.Type, isArgument: Bool = false) {
        self.type = type
        self.isArgument = isArgument
        if let wrapped = Self.wrappedType(of: type) {
            lookupType = wrapped
            isOptional = true
        } else {
            lookupType = type
            isOptional = false
        }
    }

    /// The type an optional wraps, or nil for a type that is not optional. The cast runs only
    /// for an optional: a conformance look-up scans the process's conformance records the
    /// first time it meets a type, and registering would pay it for every parameter type.
    static func wrappedType(of type: Any.Type) -> Any.Type? {
        func wrapped<T>(_: T.Type) -> Any.Type? {
            guard _isOptional(T.self) else { return nil }
            return (T.self as? any OptionalDependencyMarker.Type)?.wrappedDependencyType
        }
        return _openExistential(type, do: wrapped)
    }
}

/// The parameters of an initializer taking `types`, those whose type is among `arguments` marked
/// as runtime arguments. Built in one allocation: every `autoregister` records them.
@usableFromInline
func dependencyInfos<each D>(_ types: repeat (each D).Type, arguments: [Any.Type] = []) -> [DependencyInfo] {
    var count = 0
    for _ in repeat (each D).self { count += 1 }
    var result: [DependencyInfo] = []
    result.reserveCapacity(count)
    for type in repeat each types {
        result.append(DependencyInfo(type, isArgument: !arguments.isEmpty && arguments.contains { $0 == type }))
    }
    return result
}
