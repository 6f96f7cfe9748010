public import Swinject

extension Container {
    /// Checks the autoregistered services visible from this container without resolving anything.
    ///
    /// Reports, all at once and sorted: required dependencies with no registration (including
    /// under the right name), dependencies registered only with runtime arguments, and dependency
    /// cycles (the full cycle). Each issue carries the chain of services that leads to it.
    ///
    /// ```swift
    /// try container.verify()
    /// ```
    ///
    /// Registrations in parent containers count. Tracking is turned on for this container and its
    /// ancestors (see ``enableRegistrationTracking()``), importing the registrations they already hold.
    public func verify() throws(VerificationError) {
        let issues = verificationIssues()
        if !issues.isEmpty { throw VerificationError(issues: issues) }
    }

    /// The problems ``verify()`` would report, sorted.
    func verificationIssues() -> [VerificationIssue] {
        let graph = ManifestGraph(RegistrationTracking.manifestForChecking(from: self))
        let cycles = graph.cycles()
        // The common case: nothing to report, so no names, chains or lookups of other registrations.
        if graph.unresolved.isEmpty && graph.unusable.isEmpty && cycles.isEmpty { return [] }
        let labels = ManifestLabels(graph)
        let predecessors = graph.unresolved.isEmpty ? [] : graph.predecessors()
        var issues: [VerificationIssue] = []
        for problem in graph.unresolved {
            let record = graph.records[problem.node]
            let code = labels.code(of: problem)
            let dependency = labels.typeName(problem.lookupType)
            let signature = TypeName.signature(
                parameters: record.autoregistration?.parameters.map(\.type) ?? [],
                result: record.serviceType
            )
            let others = (labels.recordsByService[ObjectIdentifier(problem.lookupType)] ?? [])
                .map { graph.records[$0].display }
            let suffix = code == .argumentOnlyDependency ? "(registered only with arguments)" : "(not registered)"
            let chain = labels.chain(to: problem.node, predecessors: predecessors) + ["\(dependency) \(suffix)"]
            var text =
                "\(labels.label(problem.node)) [initializer \(signature)] needs \(dependency) (no name), "
                + (code == .argumentOnlyDependency
                    ? "which is registered only with runtime arguments that autoregistration cannot pass"
                    : "which is not registered")
                + ". Chain: " + chain.joined(separator: " → ")
            if !others.isEmpty { text += ". Registrations of \(dependency): " + others.joined(separator: "; ") }
            issues.append(VerificationIssue(code: code, chain: chain, description: text))
        }
        for index in graph.unusable {
            guard let problem = graph.records[index].autoregistration?.problem else { continue }
            issues.append(VerificationIssue(code: problem.code, chain: problem.chain, description: problem.description))
        }
        for chain in labels.cycleChains(cycles) {
            let text = "Dependency cycle of length \(chain.count - 1): " + chain.joined(separator: " → ")
            issues.append(VerificationIssue(code: .cycle, chain: chain, description: text))
        }
        return issues.sorted()
    }
}
