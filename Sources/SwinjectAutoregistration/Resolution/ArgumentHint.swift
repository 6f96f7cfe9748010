/// Explains a runtime argument whose dynamic type differs from the registered argument type,
/// suggesting a cast only when the value converts to the registered type, so the suggestion
/// compiles.
enum ArgumentHint {
    /// One line per argument of `arguments` whose type differs from `record`'s.
    static func lines(arguments: [Any], record: ManifestRecord) -> [String] {
        let registeredNames = record.argumentNames
        let registeredTypes = argumentTypes(of: record)
        var lines: [String] = []
        for (index, value) in arguments.enumerated() where index < registeredNames.count {
            let dynamic = TypeName.short(type(of: value))
            let expected = registeredNames[index]
            guard dynamic != expected else { continue }
            let position =
                "  argument \(index + 1) has dynamic type \(dynamic) but the registration expects \(expected)"
            guard let registered = registeredTypes?[index] else {
                lines.append(position + ": pass a value whose static type is \(expected).")
                continue
            }
            if accepts(registered, value) {
                let existential = isExistential(registered)
                lines.append(
                    position + ". In Swift 6 a value of protocol type passed to a generic `resolve` is opened to "
                        + "its dynamic type; write `value as \(expected)`"
                        + (existential ? " (`value as any \(expected)` with ExistentialAny)" : "")
                        + " to pass the \(dynamic) as \(existential ? "an" : "a") \(expected).")
            } else {
                lines.append(
                    position + ": a \(dynamic) does not convert to \(expected), so no cast helps; pass a \(expected), "
                        + "or register the service with argument type \(dynamic).")
            }
        }
        return lines
    }

    /// The registered argument types: recorded by `autoregister`, or read from the arguments
    /// tuple type of a plain registration (`(Resolver, A, B)`); nil when neither is known.
    private static func argumentTypes(of record: ManifestRecord) -> [Any.Type]? {
        if let types = record.autoregistration?.argumentTypes { return types }
        guard let elements = TupleTypeElements.types(of: record.argumentsType), elements.count > 1 else { return nil }
        return Array(elements.dropFirst())
    }

    /// Whether `value` converts to `type`.
    private static func accepts(_ type: Any.Type, _ value: Any) -> Bool {
        _openExistential(type, do: conversionCheck).accepts(value)
    }

    /// Whether `type` is an existential (`any P`): `MetadataKind::Existential` in the Swift ABI.
    private static func isExistential(_ type: Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x303
    }
}

private func conversionCheck<T>(_ type: T.Type) -> any ConversionCheck.Type {
    Conversion<T>.self
}

private protocol ConversionCheck {
    static func accepts(_ value: Any) -> Bool
}

private enum Conversion<T>: ConversionCheck {
    static func accepts(_ value: Any) -> Bool { value is T }
}

/// Reads the element types of a tuple type from its metadata.
///
/// Swift ABI (`TargetTupleTypeMetadata`): the kind word (`MetadataKind::Tuple`, 0x301), the
/// element count, the labels pointer, then per element its type metadata and its offset, each a
/// pointer-sized word.
enum TupleTypeElements {
    static func types(of type: Any.Type) -> [Any.Type]? {
        let base = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UInt>.size
        guard base.load(as: UInt.self) == 0x301 else { return nil }
        let count = Int(base.load(fromByteOffset: word, as: UInt.self))
        guard count < 64 else { return nil }
        return (0..<count).map { index in
            let metadata = base.load(fromByteOffset: word * (3 + 2 * index), as: UnsafeRawPointer.self)
            return unsafeBitCast(metadata, to: Any.Type.self)
        }
    }
}
