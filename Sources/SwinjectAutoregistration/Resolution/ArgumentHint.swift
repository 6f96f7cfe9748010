import SwinjectKitSupport

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
            let dynamic = TypeNames.short(type(of: value))
            let expected = registeredNames[index]
            guard dynamic != expected else { continue }
            let position =
                "  argument \(index + 1) has dynamic type \(dynamic) but the registration expects \(expected)"
            guard let registered = registeredTypes?[index] else {
                lines.append(position + ": pass a value whose static type is \(expected).")
                continue
            }
            if accepts(registered, value) {
                lines.append(
                    position + ". In Swift 6 a value of protocol type passed to a generic `resolve` is opened to "
                        + "its dynamic type; write `value as \(expected)` (`value as any \(expected)` for a protocol "
                        + "with ExistentialAny) to pass the \(dynamic) as \(DiagnosticText.withArticle(expected)).")
            } else {
                lines.append(
                    position + ": \(DiagnosticText.withArticle(dynamic)) does not convert to \(expected), so no cast "
                        + "helps; pass \(DiagnosticText.withArticle(expected)), "
                        + "or register the service with argument type \(dynamic).")
            }
        }
        return lines
    }

    /// The registered argument types: recorded by `autoregister`, or the elements after the
    /// resolver of a plain registration's arguments tuple type; nil when neither is known.
    private static func argumentTypes(of record: ManifestRecord) -> [Any.Type]? {
        if let types = record.autoregistration?.argumentTypes { return types }
        guard let elements = ArgumentTupleTypes.elements(of: record.argumentsType), elements.count > 1 else {
            return nil
        }
        return Array(elements.dropFirst())
    }

    /// Whether `value` converts to `type`.
    private static func accepts(_ type: Any.Type, _ value: Any) -> Bool {
        _openExistential(type, do: conversionCheck).accepts(value)
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
