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
        let graph = ManifestGraph(records: ManifestRegistry.visibleRecords(from: self))
        let predecessors = graph.predecessors()
        var issues: [VerificationIssue] = []
        for problem in graph.unresolved {
            let record = graph.records[problem.node]
            let dependency = graph.typeName(problem.dependency.lookupType)
            let signature = TypeName.signature(
                parameters: record.autoregistration?.parameters.map(\.type) ?? [],
                result: record.serviceType
            )
            let others = (graph.byService[ObjectIdentifier(problem.dependency.lookupType)] ?? [])
                .map { graph.records[$0].display }
            let suffix =
                problem.code == .argumentOnlyDependency ? "(registered only with arguments)" : "(not registered)"
            let chain = graph.chain(to: problem.node, predecessors: predecessors) + ["\(dependency) \(suffix)"]
            var text =
                "\(graph.label(problem.node)) [initializer \(signature)] needs \(dependency) (no name), "
                + (problem.code == .argumentOnlyDependency
                    ? "which is registered only with runtime arguments that autoregistration cannot pass"
                    : "which is not registered")
                + ". Chain: " + chain.joined(separator: " → ")
            if !others.isEmpty { text += ". Registrations of \(dependency): " + others.joined(separator: "; ") }
            issues.append(VerificationIssue(code: problem.code, chain: chain, description: text))
        }
        for record in graph.records {
            guard let problem = record.autoregistration?.problem else { continue }
            issues.append(VerificationIssue(code: problem.code, chain: problem.chain, description: problem.description))
        }
        for cycle in graph.cycles() {
            let chain = cycle.map(graph.label)
            let text = "Dependency cycle of length \(cycle.count - 1): " + chain.joined(separator: " → ")
            issues.append(VerificationIssue(code: .cycle, chain: chain, description: text))
        }
        return issues.sorted()
    }
}
