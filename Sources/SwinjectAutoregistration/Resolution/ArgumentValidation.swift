import SwinjectKitSupport

/// Checks the runtime argument types of an autoregistration when it is made.
enum ArgumentValidation {
    /// The problem with `arguments` for an initializer with `parameters`, or nil.
    static func problem(
        service: Any.Type,
        name: String?,
        arguments: [Any.Type],
        parameters: [DependencyInfo]
    ) -> ResolutionError? {
        // The names are built only for a problem: naming a type is a runtime lookup that costs
        // more than the rest of a registration, the first time each type is named.
        var subject: String { DiagnosticText.subject(service, name: name) }
        var signature: String { TypeName.signature(parameters: parameters.map(\.type), result: service) }
        for (index, type) in arguments.enumerated() where arguments[..<index].contains(where: { $0 == type }) {
            return ResolutionError(
                code: .duplicateArgumentTypes,
                chain: [subject],
                message: """
                    \(DiagnosticText.cannotAutoregister(subject)): \
                    two runtime arguments have type \(TypeNames.short(type)). Arguments are matched to initializer parameters by type, so their types must differ \
                    (initializer \(signature)). Register this service with `register` and a closure instead.
                    """
            )
        }
        for type in arguments {
            let matches = parameters.filter { $0.type == type }.count
            guard matches != 1 else { continue }
            let reason =
                matches == 0
                ? "no initializer parameter has type \(TypeNames.short(type))"
                : "\(matches) initializer parameters have type \(TypeNames.short(type)), so the argument is ambiguous"
            return ResolutionError(
                code: matches == 0 ? .unmatchedArgumentType : .duplicateArgumentTypes,
                chain: [subject],
                message: DiagnosticText.cannotAutoregister(subject)
                    + " with arguments \(TypeName.list(arguments)): \(reason) "
                    + "(initializer \(signature))."
            )
        }
        return nil
    }
}
