import Swinject
import SwinjectKitSupport

/// The one path every async resolve takes (`Container.resolveAsync`, ``AsyncResolver``,
/// ``SendableResolver``): find the registration in the lineage, honour its object scope, run its
/// factory with a resolver that continues the frame, and explain any failure with the chain.
enum AsyncResolution {
    /// Resolves `Service` registered with `argumentsType` (``noArgumentsType`` when none) under
    /// `name`. A service without an async registration is resolved synchronously by `resolveSync`
    /// under the lineage's gate.
    ///
    /// - Parameters:
    ///   - arguments: The runtime arguments as the factory takes them (a tuple, or `()`).
    ///   - argumentCount: How many runtime arguments there are, for messages.
    ///   - frame: The resolution this one is nested in; nil for a top-level resolve.
    nonisolated(nonsending) static func resolve<Service>(
        _ service: Service.Type,
        name: String?,
        argumentsType: Any.Type,
        arguments: InstanceBox,
        argumentCount: Int,
        lineage: AsyncLineage,
        frame: AsyncFrame?,
        resolveSync: (Container) -> Service?
    ) async throws(ResolutionError) -> Service {
        let key = RegistrationKey(service: Service.self, arguments: argumentsType, name: name)
        guard let registration = lineage.registration(for: key) else {
            return try resolveSynchronously(
                Service.self, name: name, argumentCount: argumentCount, arguments: arguments, lineage: lineage,
                frame: frame, resolveSync: resolveSync)
        }
        let box = try await instance(of: registration, arguments: arguments, lineage: lineage, parent: frame ?? .root())
        if let value = box.value as? Service { return value }
        throw mismatch(registration, value: box.value)
    }

    /// The instance of `registration` in its scope, made by its factory when needed.
    static func instance(
        of registration: AsyncRegistration,
        arguments: InstanceBox,
        lineage: AsyncLineage,
        parent: AsyncFrame
    ) async throws(ResolutionError) -> InstanceBox {
        if parent.isBuilding(registration) {
            throw AsyncDiagnostics.cycle(chain: parent.chain + [registration.link])
        }
        switch registration.body {
        case .mainActor(let body):
            let result = await MainActor.run { () -> Result<InstanceBox, ResolutionError> in
                do throws(ResolutionError) {
                    return .success(
                        try mainActorInstance(
                            of: registration, body: body, arguments: arguments, lineage: lineage, parent: parent))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        case .async(let body):
            let make: @Sendable (AsyncCreation?) async throws(ResolutionError) -> InstanceBox = {
                (creation: AsyncCreation?) async throws(ResolutionError) -> InstanceBox in
                let inner = parent.entering(registration, creation: creation)
                do {
                    return try await body(AsyncResolver(lineage: lineage, frame: inner), arguments)
                } catch let error as ResolutionError {
                    throw error
                } catch {
                    throw AsyncDiagnostics.threw(error, chain: inner.chain)
                }
            }
            switch registration.objectScope.value {
            case .transient:
                return try await make(nil)
            case .graph where parent.steps.isEmpty:
                // The service a top-level resolve asks for is the only one of its graph: asked
                // again inside that resolve, it would be a cycle. No graph table is needed.
                return try await make(nil)
            case .graph:
                return try await parent.graph.cell(for: registration).instance(frame: parent, link: registration.link) {
                    (creation) async throws(ResolutionError) -> InstanceBox in try await make(creation)
                }
            case .container:
                return try await registration.singleton.instance(frame: parent, link: registration.link) {
                    (creation) async throws(ResolutionError) -> InstanceBox in try await make(creation)
                }
            case .weak:
                return try await registration.weakInstance.instance(frame: parent, link: registration.link) {
                    (creation) async throws(ResolutionError) -> InstanceBox in try await make(creation)
                }
            case .request:
                return try await RequestScopeDiagnostics.cell(of: registration, chain: parent.chain).instance(
                    frame: parent, link: registration.link
                ) { (creation) async throws(ResolutionError) -> InstanceBox in try await make(creation) }
            }
        }
    }

    /// The instance of a main-actor registration, on the main actor.
    @MainActor
    static func mainActorInstance(
        of registration: AsyncRegistration,
        body: @escaping @MainActor @Sendable (AsyncResolver, InstanceBox) throws -> InstanceBox,
        arguments: InstanceBox,
        lineage: AsyncLineage,
        parent: AsyncFrame
    ) throws(ResolutionError) -> InstanceBox {
        if parent.isBuilding(registration) {
            throw AsyncDiagnostics.cycle(chain: parent.chain + [registration.link])
        }
        let make = { () throws(ResolutionError) -> InstanceBox in
            let inner = parent.entering(registration, creation: nil)
            do {
                return try body(AsyncResolver(lineage: lineage, frame: inner), arguments)
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw AsyncDiagnostics.threw(error, chain: inner.chain)
            }
        }
        switch registration.objectScope.value {
        case .transient: return try make()
        case .graph where parent.steps.isEmpty: return try make()
        case .graph: return try parent.graph.cell(for: registration).instanceOnMainActor(make: make)
        case .container: return try registration.singleton.instanceOnMainActor(make: make)
        case .weak: return try registration.weakInstance.instanceOnMainActor(make: make)
        case .request:
            return try RequestScopeDiagnostics.cell(of: registration, chain: parent.chain).instanceOnMainActor(
                make: make)
        }
    }

    /// A service without an async registration: Swinject's resolve under the gate, its failure
    /// explained on the same thread, continuing the async chain when nested.
    private static func resolveSynchronously<Service>(
        _ service: Service.Type,
        name: String?,
        argumentCount: Int,
        arguments: InstanceBox,
        lineage: AsyncLineage,
        frame: AsyncFrame?,
        resolveSync: (Container) -> Service?
    ) throws(ResolutionError) -> Service {
        let container = lineage.members[0].container
        return try lineage.gate.withAccess { () throws(ResolutionError) -> Service in
            if let late = lineage.gate.lateRegistrations {
                throw AsyncDiagnostics.registeredAfterStart(late, subject: DiagnosticText.subject(service, name: name))
            }
            let context = ResolutionContext.slot.current
            context.beginRequest()
            if let value = resolveSync(container) {
                if let type = context.takeOutsideScope() {
                    throw RequestScopeDiagnostics.outsideScope(
                        type, chain: (frame?.chain ?? []) + [ChainLink(type: Service.self, name: name, signature: nil)])
                }
                return value
            }
            guard let frame, !frame.chain.isEmpty else {
                throw container.resolutionError(
                    service: Service.self, name: name, arguments: argumentValues(arguments, count: argumentCount))
            }
            let failure = context.takeFailure(service: Service.self, name: name)
            throw AsyncDiagnostics.nested(
                failure, missing: ChainLink(type: Service.self, name: name, signature: nil), outer: frame.chain,
                lineage: lineage)
        }
    }

    /// The argument values of a tuple box, for messages.
    private static func argumentValues(_ arguments: InstanceBox, count: Int) -> [Any] {
        guard count > 1 else { return count == 1 ? [arguments.value] : [] }
        return Mirror(reflecting: arguments.value).children.map(\.value)
    }

    private static func mismatch(_ registration: AsyncRegistration, value: Any) -> ResolutionError {
        let subject = DiagnosticText.subject(registration.service, name: registration.name)
        return ResolutionError(
            code: .resolvedToNil, chain: [subject],
            message: DiagnosticText.cannotResolve(subject)
                + ": its factory produced \(DiagnosticText.withArticle(TypeNames.short(type(of: value)))).")
    }
}

extension AsyncResolution {
    /// The ``ResolutionError/Code/asyncOnlyRegistration`` error for a synchronous resolve of
    /// `service` that has an async or main-actor registration of that name and argument count.
    static func asyncOnlyError(
        from resolver: any Resolver, service: Any.Type, name: String?, arguments: [Any]
    ) -> ResolutionError? {
        guard let container = resolver as? Container else { return nil }
        let match = AsyncLineage.of(container).registrations(of: service).first {
            $0.name == name && $0.argumentTypes.count == arguments.count
        }
        return match.map { AsyncDiagnostics.asyncOnly($0, arguments: arguments.count) }
    }

    /// Why `verify(.resolvingEach)` leaves an async or main-actor registration unresolved.
    static func notResolvedByVerify(_ registration: AsyncRegistration) -> String {
        "registered with \(registration.registrationVerb), which verify(.resolvingEach) cannot await; "
            + "its dependencies are checked when it is autoregistered"
    }
}
