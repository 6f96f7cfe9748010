public import Swinject

extension Container {
    /// Checks the services visible from this container and reports every problem at once.
    ///
    /// Reports, sorted: required dependencies with no registration (including under the right
    /// name), dependencies registered only with runtime arguments, argument types an
    /// autoregistration cannot match, and dependency cycles (the full cycle). Each issue carries
    /// the chain of services that leads to it. With ``VerificationMode/resolvingEach`` it also
    /// resolves every registration and reports what fails.
    ///
    /// ```swift
    /// print(try container.verify())                // reads registrations only; lists what it skipped
    /// let report = try container.verify(.resolvingEach)  // also builds every service, closures included
    /// ```
    ///
    /// Never reports success on what it did not check: registrations made with a closure hide
    /// their dependencies, so ``VerificationMode/dependenciesOnly`` lists them in
    /// ``VerificationReport/unchecked`` (and in the error's ``VerificationError/unchecked``). The
    /// report is the result, and the compiler warns when a call drops it: print it, check
    /// `unchecked`, or write `_ =` where skipping is intended.
    ///
    /// Registrations in parent containers count. Registrations are read under Swinject's lock and
    /// nothing is added to a container that has no attachments yet.
    ///
    /// - Returns: What was checked, and what was not and why.
    public func verify(_ mode: VerificationMode = .dependenciesOnly) throws(VerificationError) -> VerificationReport {
        let graph = ManifestGraph(RegistrationTracking.manifestForChecking(from: self))
        let issues = (verificationIssues(graph) + asyncOnlyDependencyIssues(graph)).sorted()
        if mode.resolvesRegistrations {
            if !issues.isEmpty {
                throw VerificationError(
                    issues: issues,
                    unchecked: [
                        "nothing was resolved: the problems above are fixed first, since resolving "
                            + "services with missing dependencies could run closures that force-unwrap them"
                    ])
            }
            return try resolveEach(graph)
        }
        let reason =
            "registered with a closure, whose dependencies are not visible (verify(.resolvingEach) resolves it)"
        let report = VerificationReport(
            records: graph.records, notChecked: graph.closureRegistrations.map { ($0, reason) })
        if !issues.isEmpty { throw VerificationError(issues: issues, unchecked: report.unchecked) }
        return report
    }

    /// The problems ``verify(_:)`` reports for `graph` without resolving anything, sorted.
    func verificationIssues(_ graph: ManifestGraph) -> [VerificationIssue] {
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
            let argumentOnly = code == .argumentOnlyDependency
            let chain =
                labels.chain(to: problem.node, predecessors: predecessors)
                + [DiagnosticText.unresolved(dependency, argumentOnly: argumentOnly)]
            let text =
                "\(labels.label(problem.node)) [initializer \(signature)] needs \(dependency) (no name), "
                + DiagnosticText.unresolvedReason(argumentOnly: argumentOnly)
                + ". Chain: " + DiagnosticText.chain(chain)
                + DiagnosticText.registrationSentence(of: dependency, others)
            issues.append(VerificationIssue(code: code, chain: chain, description: text))
        }
        for index in graph.unusable {
            guard let problem = graph.records[index].autoregistration?.problem else { continue }
            issues.append(VerificationIssue(code: problem.code, chain: problem.chain, description: problem.description))
        }
        for chain in labels.cycleChains(cycles) {
            let text = DiagnosticText.cycle(chain)
            issues.append(VerificationIssue(code: .cycle, chain: chain, description: text))
        }
        return issues.sorted()
    }
}
