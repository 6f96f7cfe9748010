/// How ``Swinject/Container/verify(_:)`` checks a container.
public struct VerificationMode: Sendable, Hashable, CustomStringConvertible {
    private let resolves: Bool

    private init(resolves: Bool) { self.resolves = resolves }

    /// Reads the registrations only, resolving nothing: every autoregistered initializer's
    /// dependencies, argument types and cycles. Registrations made with a closure are listed as
    /// not checked, since their dependencies are not visible. Fast; safe at application start.
    public static let dependenciesOnly = VerificationMode(resolves: false)

    /// Checks the dependencies as ``dependenciesOnly`` does, then resolves every registration that
    /// needs no runtime arguments, each in its own child container, dependencies before their
    /// dependents, and reports every failure it observes: a missing dependency with its chain, a
    /// cycle (also through closures), an initializer that threw, a registration that produced nil.
    /// For test suites: it builds real instances, with their side effects.
    ///
    /// A closure that force-unwraps a missing dependency (`r.resolve(Tracer.self)!`) stops the
    /// process, and no library can catch that. So nothing is resolved while the dependency check
    /// reports a problem: those problems are thrown first. Closures that resolve with
    /// `r ~> Tracer.self` or `resolveOrThrow` fail with the chain instead.
    public static let resolvingEach = VerificationMode(resolves: true)

    /// Whether registrations are resolved.
    var resolvesRegistrations: Bool { resolves }

    /// `dependenciesOnly` or `resolvingEach`.
    public var description: String { resolves ? "resolvingEach" : "dependenciesOnly" }
}

/// What a successful ``Swinject/Container/verify(_:)`` checked, and what it could not.
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// The registrations whose dependencies were checked (or that were resolved), as display names.
    public let checked: [String]
    /// The registrations that were not checked, each with the reason.
    public let unchecked: [String]

    /// One line with the counts, then one line per registration not checked.
    public var description: String {
        var text = "Verified \(checked.count) registration\(checked.count == 1 ? "" : "s")"
        guard !unchecked.isEmpty else { return text + "." }
        text += "; \(unchecked.count) not checked:"
        return ([text] + unchecked.map { "- \($0)" }).joined(separator: "\n")
    }
}
