/// The one home of the texts and rules that resolution errors, `verify()` and dependency graphs
/// share, so a service, a missing dependency or a cycle reads the same wherever it is reported.
enum DiagnosticText {
    /// `Person`, or `Person (name: "johnny")` for a named registration.
    static func label(_ typeName: String, name: String?) -> String {
        guard let name else { return typeName }
        return typeName + " (name: \"\(name)\")"
    }

    /// `"johnny"`, or `none` for an unnamed registration.
    static func nameText(_ name: String?) -> String {
        name.map { "\"\($0)\"" } ?? "none"
    }

    /// Whether a dependency whose registrations are `registrations` is registered, but only with
    /// runtime arguments, which autoregistration cannot pass (``ResolutionError/Code/argumentOnlyDependency``
    /// in `verify()`).
    static func isArgumentOnly(_ registrations: some Collection<ManifestRecord>) -> Bool {
        !registrations.isEmpty && registrations.allSatisfy(\.hasArguments)
    }

    /// What follows an unresolved dependency at the end of a chain.
    static func unresolvedSuffix(argumentOnly: Bool) -> String {
        argumentOnly ? "(registered only with arguments)" : "(not registered)"
    }

    /// Why a dependency did not resolve, as a clause: `which is not registered`.
    static func unresolvedReason(argumentOnly: Bool) -> String {
        argumentOnly
            ? "which is registered only with runtime arguments that autoregistration cannot pass"
            : "which is not registered"
    }

    /// `Dependency cycle of length 2: A → B → A` for the labels of a cycle, its first label
    /// repeated at the end.
    static func cycle(_ labels: [String]) -> String {
        "Dependency cycle of length \(labels.count - 1): " + labels.joined(separator: " → ")
    }

    /// A chain of labels: `App → APIClient → Session`.
    static func chain(_ labels: [String]) -> String {
        labels.joined(separator: " → ")
    }
}
