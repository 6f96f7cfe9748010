import SwinjectKitSupport

/// The errors of async and main-actor resolution, in the words and shapes of the synchronous ones
/// (``ResolutionDiagnostics``), so a chain reads the same whichever way a service was built.
enum AsyncDiagnostics {
    /// A cycle: `chain` ends with a service that appears earlier in it.
    static func cycle(chain: [ChainLink]) -> ResolutionError {
        let closing = chain.last
        let start =
            chain.firstIndex { link in link.type == closing?.type && link.name == closing?.name } ?? 0
        return ResolutionDiagnostics.cycle(PendingFailure(chain: chain, kind: .cycle(start: start)), start: start)
    }

    /// The task of a request for the last service of `chain` was cancelled while it waited for
    /// that service's creation; `othersWaiting` tells whether the creation goes on for others.
    static func cancelled(chain: [ChainLink], othersWaiting: Bool) -> ResolutionError {
        let names = chain.map { DiagnosticText.subject($0.type, name: $0.name) }
        var message = DiagnosticText.cannotResolve(names.first ?? "")
        if names.count > 1 { message += " (while creating \(names.joined(separator: " → ")))" }
        message += ": " + AsyncCancellationText.detail(othersWaiting: othersWaiting) + "."
        return ResolutionError(
            code: .cancelled, chain: names, message: message, underlyingError: CancellationError())
    }

    /// The factory of the last service of `chain` threw `error`.
    static func threw(_ error: any Error, chain: [ChainLink]) -> ResolutionError {
        ResolutionDiagnostics.initializerThrew(
            PendingFailure(chain: chain, kind: .initializerThrew(error)), error: error)
    }

    /// A synchronous resolve failed inside an async factory: the failure's chain continues the
    /// async one (`outer`).
    static func nested(_ failure: PendingFailure?, missing: ChainLink, outer: [ChainLink], lineage: AsyncLineage)
        -> ResolutionError
    {
        let known = RegistrationTracking.knownRecords(from: lineage.members[0].container)
        guard let failure else {
            return ResolutionDiagnostics.missingDependency(
                PendingFailure(chain: outer + [missing], kind: .missingDependency), records: known.records,
                isComplete: known.isComplete)
        }
        var kind = failure.kind
        if case .cycle(let start) = kind { kind = .cycle(start: start + outer.count) }
        return ResolutionDiagnostics.error(
            for: PendingFailure(chain: outer + failure.chain, kind: kind), records: known.records,
            isComplete: known.isComplete)
    }

    /// A synchronous resolve of a service that has only async or main-actor registrations.
    static func asyncOnly(_ registration: AsyncRegistration, arguments: Int) -> ResolutionError {
        let subject = DiagnosticText.subject(registration.service, name: registration.name)
        let call = resolveCall(registration, arguments: arguments)
        let message =
            DiagnosticText.cannotResolve(subject) + ": it is registered only with \(registration.registrationVerb), "
            + "which a synchronous resolve cannot run. Resolve it with `\(call)`"
            + (registration.isMainActor
                ? ", or on the main actor with `try container.resolveMainActor(\(TypeNames.short(registration.service)).self)`."
                : ".")
        return ResolutionError(code: .asyncOnlyRegistration, chain: [subject], message: message)
    }

    /// `resolveMainActor` of a service registered with `registerAsync`.
    static func notMainActor(_ registration: AsyncRegistration, arguments: Int) -> ResolutionError {
        let subject = DiagnosticText.subject(registration.service, name: registration.name)
        let message =
            DiagnosticText.cannotResolve(subject) + " on the main actor synchronously: it is registered with "
            + "registerAsync, whose factory must be awaited. Resolve it with `\(resolveCall(registration, arguments: arguments))`."
        return ResolutionError(code: .asyncOnlyRegistration, chain: [subject], message: message)
    }

    /// A ``SendableResolver`` was asked to resolve after its container got a new registration.
    static func registeredAfterStart(_ late: [String], subject: String) -> ResolutionError {
        let message =
            DiagnosticText.cannotResolve(subject) + ": the container changed after sendableResolver() started "
            + "resolving (registered: \(late.joined(separator: "; "))). Registering while other tasks resolve is a "
            + "data race in Swinject; make every registration before calling sendableResolver()."
        return ResolutionError(code: .registeredAfterStart, chain: [subject], message: message)
    }

    /// A registration the ``SendableResolver``'s container refused after it started.
    static func rejectedRegistration(_ registration: AsyncRegistration) -> String {
        DiagnosticText.registration(
            TypeNames.short(registration.service), name: registration.name,
            argumentNames: registration.argumentTypes.isEmpty ? nil : registration.argumentTypes.map(TypeNames.short))
            + " (\(registration.registrationVerb), refused)"
    }

    /// `try await container.resolveAsync(Database.self, name: "main", argument: …)`.
    private static func resolveCall(_ registration: AsyncRegistration, arguments: Int) -> String {
        let verb = registration.isMainActor ? "resolveOnMainActor" : "resolveAsync"
        var text = "try await container.\(verb)(\(TypeNames.short(registration.service)).self"
        if let name = registration.name { text += ", name: \"\(name)\"" }
        if arguments == 1 { text += ", argument: …" }
        if arguments > 1 { text += ", arguments: " + Array(repeating: "…", count: arguments).joined(separator: ", ") }
        return text + ")"
    }
}

extension ResolutionError {
    /// This error, ending with the caller's `[at fileID:line]` when it is an
    /// ``Code/asyncOnlyRegistration`` one: that failure is a call written with the wrong spelling,
    /// so its line is where to change it. Other errors are returned unchanged.
    func locatingAsyncOnly(fileID: String, line: Int) -> ResolutionError {
        guard code == .asyncOnlyRegistration else { return self }
        return ResolutionError(
            code: code, chain: chain, message: description + " [at \(fileID):\(line)]", underlyingError: underlyingError
        )
    }
}
