import Swinject

/// Builds the explanation of a failed resolution. Runs only after a failure.
enum ResolutionDiagnostics {
    /// The error for a dependency missing below `failure`'s first service.
    static func missingDependency(_ failure: PendingFailure, records: [ManifestRecord]) -> ResolutionError {
        let builder = failure.builder
        let missing = failure.missing
        let others = records.filter { $0.serviceType == missing.type }
        let argumentOnly = !others.isEmpty && others.allSatisfy(\.hasArguments)
        let chainText =
            failure.chain.map(\.display).joined(separator: " → ")
            + (argumentOnly ? " (registered only with arguments)" : " (not registered)")
        var lines = [
            "Cannot resolve \(failure.chain[0].display): a dependency is not registered.",
            "  service being built: \(TypeName.short(builder.type)), name: \(nameText(builder.name))",
            "  initializer: \(builder.signature ?? "unknown")",
            "  missing dependency: \(TypeName.short(missing.type)), name: \(nameText(missing.name))",
            "  chain: \(chainText)",
        ]
        lines += otherRegistrations(of: missing.type, records: records)
        return ResolutionError(
            code: .missingDependency,
            chain: failure.chain.map(\.display),
            message: lines.joined(separator: "\n")
        )
    }

    /// The error for a service with no matching registration.
    static func notRegistered(
        service: Any.Type,
        name: String?,
        arguments: [Any],
        records: [ManifestRecord]
    ) -> ResolutionError {
        let subject = ChainLink(type: service, name: name, signature: nil).display
        let dynamicTypes = arguments.map { TypeName.short(type(of: $0)) }
        var lines = [
            arguments.isEmpty
                ? "Cannot resolve \(subject): it is not registered (without arguments)."
                : "Cannot resolve \(subject) with arguments (\(dynamicTypes.joined(separator: ", "))): "
                    + "no registration takes those argument types."
        ]
        lines += otherRegistrations(of: service, records: records)
        var code = ResolutionError.Code.notRegistered
        let sameShape = records.filter {
            $0.serviceType == service && $0.name == name && $0.argumentNames.count == arguments.count
        }
        for record in sameShape where !arguments.isEmpty {
            for (index, registered) in record.argumentNames.enumerated() where registered != dynamicTypes[index] {
                code = .argumentTypeMismatch
                lines.append(
                    "  argument \(index + 1) has dynamic type \(dynamicTypes[index]) but the registration expects "
                        + "\(registered). In Swift 6 a value of protocol type passed to a generic `resolve` is "
                        + "opened to its dynamic type; write `value as \(registered)` (`value as any \(registered)` "
                        + "with ExistentialAny) to pass it as \(registered)."
                )
            }
        }
        return ResolutionError(code: code, chain: [subject], message: lines.joined(separator: "\n"))
    }

    /// Lines listing the registrations of `type` under other names or with arguments.
    static func otherRegistrations(of type: Any.Type, records: [ManifestRecord]) -> [String] {
        let matching = records.filter { $0.serviceType == type }
        guard !matching.isEmpty else { return [] }
        return ["  registrations of \(TypeName.short(type)) that exist:"] + matching.map { "    - \($0.display)" }
    }

    private static func nameText(_ name: String?) -> String {
        name.map { "\"\($0)\"" } ?? "none"
    }
}

extension Resolver {
    /// The error explaining why `service` (with `arguments`) did not resolve; consults the
    /// pending failure first, then the manifest.
    func resolutionError(service: Any.Type, name: String?, arguments: [Any]) -> ResolutionError {
        let records = ManifestRegistry.visibleRecords(from: self)
        if let failure = ResolutionContext.takeFailure(service: service, name: name) {
            return ResolutionDiagnostics.missingDependency(failure, records: records)
        }
        // An autoregistration rejected when it was made (its argument types cannot be matched).
        for record in records where record.serviceType == service && record.name == name {
            if let info = record.autoregistration, let problem = info.problem,
                info.argumentTypes.count == arguments.count
            {
                return problem
            }
        }
        return ResolutionDiagnostics.notRegistered(service: service, name: name, arguments: arguments, records: records)
    }

    /// Resolves through a registration whose argument types differ from the static types of the
    /// values (an existential opened by Swift 6), using the registered types.
    func resolveThroughManifest<Service>(_ service: Service.Type, name: String?, arguments: [Any]) -> Service? {
        let records = ManifestRegistry.visibleRecords(from: self)
        for record in records where record.serviceType == Service.self && record.name == name {
            guard let info = record.autoregistration, let invoker = info.invoker,
                info.argumentTypes.count == arguments.count
            else { continue }
            if let value = invoker(self, arguments) as? Service { return value }
        }
        return nil
    }
}
