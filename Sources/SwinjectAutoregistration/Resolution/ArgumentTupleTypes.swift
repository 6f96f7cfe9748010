/// The element types of the arguments tuple type Swinject keeps for a plain registration
/// (`(Resolver, A, B)`), read from the tuple's runtime metadata in the layout the Swift ABI fixes
/// (`TargetTupleTypeMetadata` in `include/swift/ABI/Metadata.h`: the kind word, the element count,
/// the labels pointer, then per element its type metadata and its offset, each a pointer-sized
/// word).
///
/// The only metadata this module reads by hand, and only for a failure message: plain Swift
/// cannot list a tuple type's elements without a value of that type, and without the registered
/// argument types the argument-mismatch hint of a plain `register` could not tell whether a cast
/// would compile (``ArgumentHint``).
enum ArgumentTupleTypes {
    /// `MetadataKind::Tuple`.
    private static let tupleKind: UInt = 0x301

    /// The element types of the tuple type `type`, or nil for another type (or an implausibly
    /// wide tuple).
    static func elements(of type: Any.Type) -> [Any.Type]? {
        // No safe equivalent: a tuple type's elements are only in its metadata (error path only).
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
