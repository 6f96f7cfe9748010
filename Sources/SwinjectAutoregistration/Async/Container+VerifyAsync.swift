import Swinject
import SwinjectKitSupport

extension Container {
    /// The `verify()` issues of synchronous autoregistrations that depend on a service with only
    /// an async or main-actor registration, which their synchronous factories cannot resolve.
    /// Reads the records only when the lineage has async registrations at all.
    func asyncOnlyDependencyIssues(_ graph: ManifestGraph) -> [VerificationIssue] {
        guard AsyncLineage.of(self).hasRegistrations else { return [] }
        var issues: [VerificationIssue] = []
        for index in graph.records.indices {
            let record = graph.records[index]
            guard let info = record.autoregistration, !(record.entry is AsyncRegistration) else { continue }
            for edge in graph.edges(from: index) {
                guard let registration = graph.records[edge.target].entry as? AsyncRegistration else { continue }
                let service = DiagnosticText.label(TypeNames.short(record.serviceType), name: record.name)
                let dependency = TypeNames.short(graph.records[edge.target].serviceType)
                let signature = TypeName.signature(parameters: info.parameters.map(\.type), result: record.serviceType)
                let chain = [service, dependency + " (registered only with \(registration.registrationVerb))"]
                let text =
                    "\(service) [initializer \(signature)] needs \(dependency) (no name), which is registered only "
                    + "with \(registration.registrationVerb): its synchronous factory cannot build it. Give "
                    + "\(TypeNames.short(record.serviceType)) an async initializer (or registerAsync) and resolve it "
                    + "with resolveAsync. Chain: " + DiagnosticText.chain(chain)
                issues.append(VerificationIssue(code: .asyncOnlyRegistration, chain: chain, description: text))
            }
        }
        return issues
    }
}
