import SwinjectKitSupport

/// The request scope's one failure: a `.request` service resolved outside any unit of work.
enum RequestScopeDiagnostics {
    /// Throws when the resolve that just returned a `Service` built a `.request` service outside
    /// any unit of work (recorded on this thread by ``RequestInstanceStorage``).
    static func checkResolvedInScope<Service>(_ service: Service.Type, name: String?) throws(ResolutionError) {
        guard ResolutionContext.slot.current.outsideScope != nil else { return }
        try reportResolvedOutside(service, name: name)
    }

    @inline(never)
    private static func reportResolvedOutside<Service>(_ service: Service.Type, name: String?) throws(ResolutionError) {
        guard let type = ResolutionContext.slot.current.takeOutsideScope() else { return }
        var chain = [ChainLink(type: Service.self, name: name, signature: nil)]
        if type != Service.self { chain.append(ChainLink(type: type, name: nil, signature: nil)) }
        throw outsideScope(type, chain: chain)
    }

    /// The cell of an async `.request` registration in the current unit of work.
    static func cell(of registration: AsyncRegistration, chain: [ChainLink]) throws(ResolutionError)
        -> AsyncInstanceCell
    {
        if let cell = RequestScope.current?.cell(for: registration) { return cell }
        throw outsideScope(registration.service, chain: chain + [registration.link])
    }

    /// The error for `type`, a `.request` service, resolved outside any unit of work as the last
    /// link of `chain`.
    static func outsideScope(_ type: Any.Type, chain: [ChainLink]) -> ResolutionError {
        let links = chain.map(\.display)
        let scoped = TypeNames.short(type)
        var lines = [
            DiagnosticText.cannotResolve(links.first ?? scoped)
                + ": \(scoped) is in the `.request` object scope, which keeps one instance per unit of work, "
                + "and no unit of work is running on this task."
        ]
        if links.count > 1 { lines.append("  chain: \(DiagnosticText.chain(links))") }
        lines.append(
            "  Resolve it inside `container.withScope { … }` (`try await container.withScope { … }` in async "
                + "code), or register \(scoped) in another object scope.")
        let message = lines.joined(separator: "\n")
        return ResolutionError(code: .outsideRequestScope, chain: links, message: message)
    }
}
