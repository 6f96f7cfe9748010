/// The one place this module reads a type's runtime metadata directly, in the layout the Swift
/// ABI fixes (`include/swift/ABI/Metadata.h`).
///
/// Every metadata record starts with a kind word; optionals, tuples and existentials have the
/// kinds below, and a class's metadata starts with another kind or with an isa pointer, never one
/// of these values. Reading the kind costs one load, where asking the runtime through a protocol
/// cast scans every conformance record in the process the first time it sees a type.
enum TypeMetadata {
    /// `MetadataKind::Optional` (`2 | MetadataKindIsNonHeap`).
    static let optionalKind: UInt = 0x202
    /// `MetadataKind::Tuple`.
    static let tupleKind: UInt = 0x301
    /// `MetadataKind::Existential`.
    static let existentialKind: UInt = 0x303

    /// The kind word `type`'s metadata starts with.
    @inline(__always)
    static func kind(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    /// Whether `type` is an `Optional`.
    @inline(__always)
    static func isOptional(_ type: Any.Type) -> Bool { kind(of: type) == optionalKind }

    /// Whether `type` is an existential (`any P`, `Any`, `AnyObject`).
    @inline(__always)
    static func isExistential(_ type: Any.Type) -> Bool { kind(of: type) == existentialKind }

    /// The element types of a tuple type, or nil for another type (or an implausibly wide tuple).
    ///
    /// `TargetTupleTypeMetadata`: the kind word, the element count, the labels pointer, then per
    /// element its type metadata and its offset, each a pointer-sized word.
    static func tupleElements(of type: Any.Type) -> [Any.Type]? {
        let base = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UInt>.size
        guard base.load(as: UInt.self) == tupleKind else { return nil }
        let count = Int(base.load(fromByteOffset: word, as: UInt.self))
        guard count < 64 else { return nil }
        return (0..<count).map { index in
            let metadata = base.load(fromByteOffset: word * (3 + 2 * index), as: UnsafeRawPointer.self)
            return unsafeBitCast(metadata, to: Any.Type.self)
        }
    }
}
