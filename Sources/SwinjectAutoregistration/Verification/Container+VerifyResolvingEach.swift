import Swinject
import SwinjectKitSupport

extension Container {
    /// ``VerificationMode/resolvingEach`` once the dependency check found nothing: resolves every
    /// registration without runtime arguments, dependencies before dependents and closure
    /// registrations last (``ManifestGraph/closuresLastOrder()``), each as its own top-level
    /// resolve (so no object graph is shared between two of them) through one child container,
    /// and inside its own unit of work, so `.request` services are built (and released) as a
    /// request would build them.
    func resolveEach(_ graph: ManifestGraph) throws(VerificationError) -> VerificationReport {
        var issues: [VerificationIssue] = []
        var notChecked: [(index: Int, reason: String)] = []
        var resetsScopes = false
        let order = graph.closuresLastOrder()
        // Tracked, so that an explanation lists the parent's registrations.
        let child = Container(parent: self)
        _ = RegistrationTracking.start(on: child)
        for (position, index) in order.enumerated() {
            let record = graph.records[index]
            if record.hasArguments {
                notChecked.append((index, "needs runtime arguments, which verification cannot invent"))
                continue
            }
            if let registration = record.entry as? AsyncRegistration {
                notChecked.append((index, AsyncResolution.notResolvedByVerify(registration)))
                continue
            }
            let probe = _openExistential(record.serviceType, do: resolutionProbe)
            // Resolving it would return the instance its scope keeps, running nothing.
            if let entry = record.entry, let kept = KeptInstances.instance(of: entry), probe.accepts(kept) { continue }
            let found = issues
            let (failure, posted) = FactoryErrors.collect(report: {
                Self.reportSoFar(found, notYetResolved: order[(position + 1)...].map { graph.records[$0].display })
            }) {
                RequestScope.run { probe.failure(resolving: record.name, in: child) }
            }
            if let error = failure {
                issues.append(VerificationIssue(code: error.code, chain: error.chain, description: error.description))
                continue
            }
            let subject = DiagnosticText.subject(record.serviceType, name: record.name)
            for error in posted {
                switch error {
                case let error as ResolutionError:
                    // A `~>` inside a closure whose service failed: the closure finished with stand-ins.
                    let chain = error.chain.first == subject ? error.chain : [subject] + error.chain
                    let text = "\(subject) (closure, through ~>): " + error.description
                    issues.append(VerificationIssue(code: error.code, chain: chain, description: text))
                case let failure as PropertyInjectionFailure:
                    // An `@Injected` property of the service (or of one it built) that would stop
                    // the program when read.
                    let text = "\(subject) (through @Injected): " + failure.description
                    issues.append(
                        VerificationIssue(
                            code: Self.code(of: failure.reason),
                            chain: [subject, DiagnosticText.subject(failure.service, name: failure.name)],
                            description: text))
                default:
                    continue
                }
                resetsScopes = true
            }
        }
        // Instances built from stand-ins must not outlive the check.
        if resetsScopes {
            resetObjectScope(.container)
            resetObjectScope(.weak)
        }
        let report = VerificationReport(records: graph.records, notChecked: notChecked)
        if !issues.isEmpty { throw VerificationError(issues: issues.sorted(), unchecked: report.unchecked) }
        return report
    }

    /// The issue code of an `@Injected` property that did not resolve.
    private static func code(of reason: PropertyInjectionFailure.Reason) -> ResolutionError.Code {
        switch reason {
        case .notRegistered: .missingDependency
        case .cycle: .cycle
        case .asyncOnly: .asyncOnlyRegistration
        case .failed: .initializerThrew
        }
    }

    /// What verification found so far and what it has not resolved yet, printed before a `~>`
    /// stops the program.
    private static func reportSoFar(_ issues: [VerificationIssue], notYetResolved: [String]) -> String {
        var lines = issues.isEmpty ? ["no verification issue so far"] : issues.map(\.description)
        if !notYetResolved.isEmpty {
            lines.append("not resolved yet: " + notYetResolved.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

/// Resolves a service whose type is known only as a metatype value.
private protocol ResolutionProbe {
    /// Why resolving the service (under `name`) in `container` fails, or nil when it resolves.
    static func failure(resolving name: String?, in container: Container) -> ResolutionError?
    /// Whether a resolve would return `instance` as the service (Swinject returns a kept
    /// instance only when it has the service's type).
    static func accepts(_ instance: Any) -> Bool
}

private enum Probe<Service>: ResolutionProbe {
    static func accepts(_ instance: Any) -> Bool { instance is Service }

    static func failure(resolving name: String?, in container: Container) -> ResolutionError? {
        do throws(ResolutionError) {
            _ = try container.resolveOrThrow(Service.self, name: name)
            return nil
        } catch  where error.code == .notRegistered {
            // Registered (the manifest lists it), yet nothing came back: its closure produced nil,
            // or a value that is not a `Service`.
            let subject = DiagnosticText.subject(Service.self, name: name)
            return ResolutionError(
                code: .resolvedToNil, chain: [subject],
                message: DiagnosticText.cannotResolve(subject) + ": it is registered, but its factory produced nil "
                    + "(or a value that is not \(DiagnosticText.withArticle(TypeNames.short(Service.self)))).")
        } catch {
            return error
        }
    }
}

private func resolutionProbe<Service>(_ type: Service.Type) -> any ResolutionProbe.Type {
    Probe<Service>.self
}
