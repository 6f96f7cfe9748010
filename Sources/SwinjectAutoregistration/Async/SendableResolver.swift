public import Swinject
import SwinjectKitSupport

/// A resolver for a configured container that any task or thread may use at the same time.
///
/// ```swift
/// let resolver = container.sendableResolver()
/// await withTaskGroup(of: Void.self) { group in
///     for _ in 0..<8 {
///         group.addTask { _ = try? await resolver.resolveAsync(Database.self) }
///     }
/// }
/// ```
///
/// Every synchronous Swinject call it makes goes through one gate for the container and its
/// ancestors, so resolves never run into each other inside Swinject. Making the resolver seals
/// the container and its ancestors: a registration made afterwards, which in Swinject races with
/// a resolve on another thread, is never half-seen. An async or main-actor registration is
/// refused, a Swinject `register` waits for the resolves in progress, and from then on every
/// resolve throws ``ResolutionError/Code/registeredAfterStart`` naming what was registered.
public struct SendableResolver: Sendable {
    let lineage: AsyncLineage

    init(sealing container: Container) {
        lineage = AsyncLineage.installed(on: container)
        let gate = lineage.gate
        // A container is sealed once: a later resolver of it, or of another container below the
        // same root, shares the gate its observer already reports to.
        for member in lineage.members where AsyncRegistry.installed(on: member.container).seal() {
            ContainerAttachments.of(member.container).addObserver(LateRegistrationObserver(gate: gate))
        }
    }

    /// Resolves a synchronously registered `service`, or nil when it does not resolve (as
    /// Swinject's `resolve`) or the container changed after the resolver started.
    public func resolve<Service>(_ service: Service.Type, name: String? = nil) -> Service? {
        try? resolveOrThrow(service, name: name)
    }

    /// Resolves a synchronously registered `service` with one runtime argument, or nil.
    public func resolve<Service, A>(_ service: Service.Type, name: String? = nil, argument: A) -> Service? {
        let container = lineage.members[0].container
        return lineage.gate.withAccess { () -> Service? in
            guard lineage.gate.lateRegistrations == nil else { return nil }
            return container.resolve(service, name: name, argument: argument)
        }
    }

    /// Resolves a synchronously registered `service`, or throws an explaining ``ResolutionError``
    /// (for a service registered only async, naming `resolveAsync` and the caller's
    /// `fileID:line`).
    public func resolveOrThrow<Service>(
        _ service: Service.Type, name: String? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ResolutionError) -> Service {
        let container = lineage.members[0].container
        return try lineage.gate.withAccess { () throws(ResolutionError) -> Service in
            try checkUnchanged(service, name: name)
            return try container.resolveOrThrow(service, name: name, fileID: fileID, line: line)
        }
    }

    /// Resolves `service` from its async, main-actor or synchronous registration; see
    /// ``Swinject/Container/resolveAsync(_:name:)``.
    public nonisolated(nonsending) func resolveAsync<Service>(
        _ service: Service.Type, name: String? = nil
    ) async throws(ResolutionError) -> Service {
        try checkUnchanged(service, name: name)
        return try await lineage.resolveAsync(service, name: name, frame: nil)
    }

    /// Resolves `service` with one runtime argument; see
    /// ``Swinject/Container/resolveAsync(_:name:argument:)``.
    public nonisolated(nonsending) func resolveAsync<Service, A>(
        _ service: Service.Type, name: String? = nil, argument: A
    ) async throws(ResolutionError) -> Service {
        try checkUnchanged(service, name: name)
        return try await lineage.resolveAsync(service, name: name, argument: argument, frame: nil)
    }

    /// Resolves a main-actor `service` from any context; see
    /// ``Swinject/Container/resolveOnMainActor(_:name:)``.
    public nonisolated(nonsending) func resolveOnMainActor<Service: Sendable>(
        _ service: Service.Type,
        name: String? = nil
    ) async throws(ResolutionError) -> Service {
        try checkUnchanged(service, name: name)
        return try await lineage.resolveOnMainActor(service, name: name)
    }

    func checkUnchanged(_ service: Any.Type, name: String?) throws(ResolutionError) {
        if let late = lineage.gate.lateRegistrations {
            throw AsyncDiagnostics.registeredAfterStart(late, subject: DiagnosticText.subject(service, name: name))
        }
    }
}

extension Container {
    /// A ``SendableResolver`` for this container, which it seals: call it once every
    /// registration is made.
    public func sendableResolver() -> SendableResolver {
        SendableResolver(sealing: self)
    }
}

/// Reports Swinject registrations made on a sealed container to its gate, after the resolves in
/// progress: the registering thread then configures the new entry (`inObjectScope`) while no
/// resolve runs, and every later resolve sees the change and fails.
private final class LateRegistrationObserver: Behavior, Sendable {
    let gate: ContainerGate

    init(gate: ContainerGate) {
        self.gate = gate
    }

    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        let label = DiagnosticText.label(TypeNames.short(type), name: name) + " (register)"
        gate.withAccess { gate.recordLate(label) }
    }
}
