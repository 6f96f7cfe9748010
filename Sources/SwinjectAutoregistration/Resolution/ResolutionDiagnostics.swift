import Swinject
import SwinjectKitSupport

/// Builds the explanation of a failed resolution. Runs only after a failure, from what
/// registration tracking already knows (``RegistrationTracking/knownRecords(from:)``).
enum ResolutionDiagnostics {
    /// The line added when some container in the chain has registrations tracking never saw.
    static let untrackedNote =
        "  (registrations made before tracking started are not listed: the container has no "
        + "autoregistration; call enableRegistrationTracking() on it while configuring to list them)"

    /// The error for a failure recorded by an autoregistered factory.
    static func error(for failure: PendingFailure, records: [ManifestRecord], isComplete: Bool) -> ResolutionError {
        switch failure.kind {
        case .missingDependency:
            return missingDependency(failure, records: records, isComplete: isComplete)
        case .cycle(let start):
            return cycle(failure, start: start)
        case .initializerThrew(let thrown):
            return initializerThrew(failure, error: thrown)
        }
    }

    /// The error for a dependency missing below `failure`'s first service.
    static func missingDependency(
        _ failure: PendingFailure, records: [ManifestRecord], isComplete: Bool
    ) -> ResolutionError {
        let builder = failure.chain[failure.chain.count - 2]
        let missing = failure.chain[failure.chain.count - 1]
        let registrations = records.filter { $0.serviceType == missing.type }
        let argumentOnly = DiagnosticText.isArgumentOnly(registrations)
        let chainText = DiagnosticText.chain(
            failure.chain.dropLast().map(\.display) + [
                DiagnosticText.unresolved(missing.display, argumentOnly: argumentOnly)
            ])
        var lines = [
            DiagnosticText.cannotResolve(failure.chain[0].display) + ": a dependency is not registered.",
            "  service being built: \(TypeNames.short(builder.type)), name: \(DiagnosticText.nameText(builder.name))",
            builder.signature.map { "  initializer: \($0)" } ?? "  factory: \(builder.factory ?? "unknown")",
            "  missing dependency: \(TypeNames.short(missing.type)), name: \(DiagnosticText.nameText(missing.name))",
            "  chain: \(chainText)",
        ]
        lines += DiagnosticText.registrationLines(of: TypeNames.short(missing.type), registrations.map(\.display))
        if !isComplete { lines.append(untrackedNote) }
        return ResolutionError(
            code: .missingDependency, chain: failure.chain.map(\.display), message: lines.joined(separator: "\n"),
            pending: failure)
    }

    /// The error for a cycle found by the resolution stack.
    static func cycle(_ failure: PendingFailure, start: Int) -> ResolutionError {
        let labels = failure.chain.map(\.display)
        let cycle = Array(labels[start...])
        var lines = [
            DiagnosticText.cannotResolve(labels[0]) + ". \(DiagnosticText.cycle(cycle)).",
            "  chain: \(DiagnosticText.chain(labels))",
        ]
        if labels.contains("…") {
            lines.append("  (… stands for services registered with a closure, whose resolves are not visible)")
        }
        lines.append(
            "  Break the cycle: make one dependency optional and inject it in `initCompleted`, or resolve it lazily.")
        return ResolutionError(code: .cycle, chain: labels, message: lines.joined(separator: "\n"), pending: failure)
    }

    /// The error for an initializer that threw.
    static func initializerThrew(_ failure: PendingFailure, error: any Error) -> ResolutionError {
        let thrower = failure.chain[failure.chain.count - 1]
        let labels = failure.chain.map(\.display)
        // A service registered with a throwing closure has no initializer signature.
        let builder = thrower.signature == nil ? "factory" : "initializer"
        var lines = [DiagnosticText.cannotResolve(labels[0]) + ": the \(builder) of \(thrower.display) threw \(error)."]
        if let signature = thrower.signature {
            lines.append("  initializer: \(signature)")
        } else if let factory = thrower.factory {
            lines.append("  factory: \(factory)")
        }
        lines.append("  error type: \(TypeNames.short(type(of: error)))")
        lines.append("  chain: \(DiagnosticText.chain(labels))")
        return ResolutionError(
            code: .initializerThrew, chain: labels, message: lines.joined(separator: "\n"), underlyingError: error,
            pending: failure)
    }

    /// The error for a service with no matching registration.
    static func notRegistered(
        service: Any.Type,
        name: String?,
        arguments: [Any],
        records: [ManifestRecord],
        isComplete: Bool
    ) -> ResolutionError {
        let subject = DiagnosticText.subject(service, name: name)
        let dynamicTypes = arguments.map { TypeNames.short(type(of: $0)) }
        var lines = [
            arguments.isEmpty
                ? DiagnosticText.cannotResolve(subject) + ": it is not registered (without arguments)."
                : DiagnosticText.cannotResolve(subject) + " with arguments (\(dynamicTypes.joined(separator: ", "))): "
                    + "no registration takes those argument types."
        ]
        let registrations = records.filter { $0.serviceType == service }
        lines += DiagnosticText.registrationLines(of: TypeNames.short(service), registrations.map(\.display))
        var code = ResolutionError.Code.notRegistered
        let sameShape = registrations.filter { $0.name == name && $0.argumentNames.count == arguments.count }
        for record in sameShape where !arguments.isEmpty {
            let hints = ArgumentHint.lines(arguments: arguments, record: record)
            if !hints.isEmpty { code = .argumentTypeMismatch }
            lines += hints
        }
        if !isComplete { lines.append(untrackedNote) }
        // A factory that asked for it joins it to its chain as a missing dependency.
        let pending =
            arguments.isEmpty && code == .notRegistered
            ? PendingFailure(chain: [ChainLink(type: service, name: name, signature: nil)], kind: .missingDependency)
            : nil
        return ResolutionError(code: code, chain: [subject], message: lines.joined(separator: "\n"), pending: pending)
    }
}

extension Resolver {
    /// The error explaining why `service` (with `arguments`) did not resolve; consults the
    /// pending failure first, then what tracking knows.
    func resolutionError(service: Any.Type, name: String?, arguments: [Any]) -> ResolutionError {
        let known = RegistrationTracking.knownRecords(from: self)
        if let failure = ResolutionContext.slot.withCurrent({ $0.takeFailure(service: service, name: name) }) {
            return ResolutionDiagnostics.error(for: failure, records: known.records, isComplete: known.isComplete)
        }
        // An autoregistration rejected when it was made.
        for record in known.records where record.serviceType == service && record.name == name {
            if let info = record.autoregistration, let problem = info.problem,
                info.argumentTypes.count == arguments.count
            {
                return problem
            }
        }
        // A service registered only async or on the main actor: name the call that resolves it.
        let asyncOnly = AsyncResolution.asyncOnlyError(from: self, service: service, name: name, arguments: arguments)
        if let asyncOnly { return asyncOnly }
        return ResolutionDiagnostics.notRegistered(
            service: service, name: name, arguments: arguments, records: known.records, isComplete: known.isComplete)
    }

    /// Resolves through a registration whose argument types differ from the static types of the
    /// values (an existential opened by Swift 6), using the registered types.
    func resolveThroughManifest<Service>(_ service: Service.Type, name: String?, arguments: [Any]) -> Service? {
        for record in RegistrationTracking.knownRecords(from: self).records
        where record.serviceType == Service.self && record.name == name {
            guard let info = record.autoregistration, let invoker = info.invoker,
                info.argumentTypes.count == arguments.count
            else { continue }
            if let value = invoker(self, arguments) as? Service { return value }
        }
        return nil
    }
}
