/// How ``Swinject/Container/verify(_:)`` checks a container.
public struct VerificationMode: Sendable, Hashable, CustomStringConvertible {
    private let resolves: Bool

    private init(resolves: Bool) { self.resolves = resolves }

    /// Reads the registrations only, resolving nothing: every autoregistered initializer's
    /// dependencies, argument types and cycles. Registrations made with a closure are listed as
    /// not checked, since their dependencies are not visible. Fast; safe at application start.
    public static let dependenciesOnly = VerificationMode(resolves: false)

    /// Checks the dependencies as ``dependenciesOnly`` does, then resolves every registration that
    /// needs no runtime arguments, each as its own top-level resolve, dependencies before their
    /// dependents, and reports every failure it observes: a missing dependency with its chain, a
    /// cycle (also through closures), an initializer that threw, a registration that produced nil,
    /// an `@Injected` property of a service it builds that did not resolve.
    /// For test suites: it builds real instances, with their side effects. A registration whose
    /// scope already keeps an instance that a resolve would return as it is (a `.container` or
    /// `.weak` instance, not made stale by a reload) is not resolved again.
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
    /// Every registration looked at; names are made only when asked for, so a clean check of a
    /// large container costs no string per registration.
    private let records: [ManifestRecord]
    /// The records not checked, by index, with the reason.
    private let notChecked: [(index: Int, reason: String)]

    init(records: [ManifestRecord], notChecked: [(index: Int, reason: String)]) {
        self.records = records
        self.notChecked = notChecked
    }

    /// The registrations whose dependencies were checked (or that were resolved), as display names.
    public var checked: [String] {
        let skipped = Set(notChecked.map(\.index))
        return records.indices.filter { !skipped.contains($0) }.map { records[$0].display }
    }

    /// The registrations that were not checked, each with the reason.
    public var unchecked: [String] {
        notChecked.map { "\(records[$0.index].display): \($0.reason)" }
    }

    /// One line with the counts, then one line per registration not checked.
    public var description: String {
        let count = records.count - notChecked.count
        var text = "Verified \(count) registration\(count == 1 ? "" : "s")"
        guard !notChecked.isEmpty else { return text + "." }
        text += "; \(notChecked.count) not checked:"
        return ([text] + unchecked.map { "- \($0)" }).joined(separator: "\n")
    }
}
