import SwinjectKitSupport

/// The one home of the texts and rules that resolution errors, `verify()` and dependency graphs
/// share, so a service, a missing dependency, a cycle or a list of registrations reads the same
/// wherever it is reported. The messages themselves are put together by `ResolutionDiagnostics`
/// (resolution), `verificationIssues(_:)` and `resolveEach(_:)` (`verify()`), and
/// `ArgumentValidation` and `ServiceTypeCheck` (registration).
enum DiagnosticText {
    /// `Person`, or `Person (name: "johnny")` for a named registration.
    static func label(_ typeName: String, name: String?) -> String {
        guard let name else { return typeName }
        return typeName + " (name: \"\(name)\")"
    }

    /// The label of `service` under `name` by its short type name: the subject of a message.
    static func subject(_ service: Any.Type, name: String?) -> String {
        label(TypeNames.short(service), name: name)
    }

    /// `Person (name: "johnny") with arguments (String)`: a registration as a list of
    /// registrations shows it; `argumentNames` is nil for a registration without runtime arguments.
    static func registration(_ typeName: String, name: String?, argumentNames: [String]?) -> String {
        let text = label(typeName, name: name)
        guard let argumentNames else { return text }
        return text + " with arguments (" + argumentNames.joined(separator: ", ") + ")"
    }

    /// `a String`, `an Int`: a type name with its indefinite article, `an` before a name that
    /// starts with a vowel letter (A, E, I, O, U).
    static func withArticle(_ typeName: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U", "a", "e", "i", "o", "u"]
        return (typeName.first.map(vowels.contains) == true ? "an " : "a ") + typeName
    }

    /// `"johnny"`, or `none` for an unnamed registration.
    static func nameText(_ name: String?) -> String {
        name.map { "\"\($0)\"" } ?? "none"
    }

    /// How every message about a failed resolution starts: `Cannot resolve Person`.
    static func cannotResolve(_ subject: String) -> String {
        "Cannot resolve " + subject
    }

    /// How every message about a rejected autoregistration starts: `Cannot autoregister Person`.
    static func cannotAutoregister(_ subject: String) -> String {
        "Cannot autoregister " + subject
    }

    /// Whether a dependency whose registrations are `registrations` is registered, but only with
    /// runtime arguments, which autoregistration cannot pass (``ResolutionError/Code/argumentOnlyDependency``
    /// in `verify()`).
    static func isArgumentOnly(_ registrations: some Collection<ManifestRecord>) -> Bool {
        !registrations.isEmpty && registrations.allSatisfy(\.hasArguments)
    }

    /// The last link of a chain that ends in an unresolved dependency:
    /// `Session (not registered)` or `Session (registered only with arguments)`.
    static func unresolved(_ typeName: String, argumentOnly: Bool) -> String {
        typeName + (argumentOnly ? " (registered only with arguments)" : " (not registered)")
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
        "Dependency cycle of length \(labels.count - 1): " + chain(labels)
    }

    /// A chain of labels: `App → APIClient → Session`.
    static func chain(_ labels: [String]) -> String {
        labels.joined(separator: " → ")
    }

    /// The registrations of a type, as the indented lines a resolution error lists them in
    /// (none when there are none).
    static func registrationLines(of typeName: String, _ registrations: [String]) -> [String] {
        guard !registrations.isEmpty else { return [] }
        return ["  registrations of \(typeName) that exist:"] + registrations.map { "    - \($0)" }
    }

    /// The registrations of a type, as the sentence a one-line `verify()` issue ends with
    /// (empty when there are none).
    static func registrationSentence(of typeName: String, _ registrations: [String]) -> String {
        guard !registrations.isEmpty else { return "" }
        return ". Registrations of \(typeName): " + registrations.joined(separator: "; ")
    }
}
