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
        if Self.isOptional(type), let marker = type as? any OptionalDependencyMarker.Type {
            lookupType = marker.wrappedDependencyType
            isOptional = true
        } else {
            lookupType = type
            isOptional = false
        }
    }

    /// Whether `type` is an `Optional`, read from the kind word its metadata starts with.
    ///
    /// The cast to `OptionalDependencyMarker` alone would answer this too, but the first time the
    /// runtime sees a type in a protocol cast it scans every conformance record in the process,
    /// once for each new parameter type. Reading the kind first lets only optionals reach the cast.
    /// The kind values are Swift ABI (`MetadataKind::Optional` is `2 | MetadataKindIsNonHeap`);
    /// a class's metadata starts with another kind or with an isa pointer, never this value.
    @inline(__always)
    static func isOptional(_ type: Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x202
    }
}
