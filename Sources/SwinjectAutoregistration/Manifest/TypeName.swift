import SwinjectKitSupport

/// Readable names for lists of types and signatures in messages, graphs and manifests, built on
/// ``TypeNames``' short spelling (`Cat` rather than `MyApp.Cat`), which keeps chains short; the
/// fully qualified spelling is used only when two different types would otherwise print the
/// same way.
enum TypeName {
    /// Names for `types`, qualified where two distinct types share a short name.
    static func distinct(_ types: [Any.Type]) -> [String] {
        var seen: [String: ObjectIdentifier] = [:]
        var clashing: Set<String> = []
        for type in types {
            let name = TypeNames.short(type)
            if let other = seen[name], other != ObjectIdentifier(type) {
                clashing.insert(name)
            } else {
                seen[name] = ObjectIdentifier(type)
            }
        }
        return types.map { clashing.contains(TypeNames.short($0)) ? TypeNames.qualified($0) : TypeNames.short($0) }
    }

    /// `(A, B)` for a list of argument types.
    static func list(_ types: [Any.Type]) -> String {
        "(" + types.map(TypeNames.short).joined(separator: ", ") + ")"
    }

    /// The signature `(A, B) -> Service` of an initializer.
    static func signature(parameters: [Any.Type], result: Any.Type) -> String {
        list(parameters) + " -> " + TypeNames.short(result)
    }

    /// Argument type names of a Swinject arguments type: `(Resolver, A, B)` gives `["A", "B"]`.
    ///
    /// Plain registrations observed through the behavior only expose the tuple type, so the
    /// names come from its printed form.
    static func argumentNames(ofArgumentsType argumentsType: Any.Type) -> [String] {
        let text = TypeNames.short(argumentsType)
        guard text.hasPrefix("("), text.hasSuffix(")") else { return [] }
        let inner = text.dropFirst().dropLast()
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "(", "<", "[": depth += 1
            case ")", ">", "]": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current.trimmingSpaces())
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingSpaces())
        return Array(parts.dropFirst())
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
