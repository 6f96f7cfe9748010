import Swinject
import SwinjectKitSupport

/// What an async or main-actor factory receives: resolves its dependencies within the same
/// resolution, so they share its `.graph` instances and a cycle is reported with the whole chain.
///
/// ```swift
/// container.registerAsync(OrderService.self) { r in
///     OrderService(database: try await r.resolveAsync(Database.self), clock: r.resolve(Clock.self))
/// }
/// ```
///
/// `Sendable`, so a factory may resolve dependencies concurrently (`async let`). Synchronous
/// resolves go through the container lineage's gate, one thread at a time, as Swinject's
/// `synchronize()` view resolves.
public struct AsyncResolver: Sendable {
    let lineage: AsyncLineage
    let frame: AsyncFrame

    init(lineage: AsyncLineage, frame: AsyncFrame) {
        self.lineage = lineage
        self.frame = frame
    }

    /// Resolves `service` (async, main-actor or synchronous registration) as a dependency of the
    /// service being built, or throws a ``ResolutionError`` whose chain starts at the top-level
    /// service.
    public nonisolated(nonsending) func resolveAsync<Service>(
        _ service: Service.Type, name: String? = nil
    ) async throws(ResolutionError) -> Service {
        try await lineage.resolveAsync(service, name: name, frame: frame)
    }

    /// Resolves `service` with one runtime argument as a dependency of the service being built.
    public nonisolated(nonsending) func resolveAsync<Service, A>(
        _ service: Service.Type, name: String? = nil, argument: A
    ) async throws(ResolutionError) -> Service {
        try await lineage.resolveAsync(service, name: name, argument: argument, frame: frame)
    }

    /// Resolves `service` with two runtime arguments as a dependency of the service being built.
    public nonisolated(nonsending) func resolveAsync<Service, A, B>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B
    ) async throws(ResolutionError) -> Service {
        try await lineage.resolveAsync(service, name: name, arguments: first, second, frame: frame)
    }

    /// Resolves `service` with three runtime arguments as a dependency of the service being built.
    public nonisolated(nonsending) func resolveAsync<Service, A, B, C>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B, _ third: C
    ) async throws(ResolutionError) -> Service {
        try await lineage.resolveAsync(service, name: name, arguments: first, second, third, frame: frame)
    }

    /// Resolves a synchronously registered `service` as Swinject's `resolve` does (nil when it
    /// does not resolve), under the lineage's gate.
    public func resolve<Service>(_ service: Service.Type, name: String? = nil) -> Service? {
        let container = lineage.members[0].container
        let gate = lineage.gate
        return gate.withAccess { gate.lateRegistrations == nil ? container.resolve(service, name: name) : nil }
    }

    /// Resolves a synchronously registered `service`, or throws an explaining
    /// ``ResolutionError`` whose chain starts at the top-level service.
    public func resolveOrThrow<Service>(_ service: Service.Type, name: String? = nil) throws(ResolutionError) -> Service
    {
        let container = lineage.members[0].container
        let frame = self.frame
        let lineage = self.lineage
        return try lineage.gate.withAccess { () throws(ResolutionError) -> Service in
            if let late = lineage.gate.lateRegistrations {
                throw AsyncDiagnostics.registeredAfterStart(late, subject: DiagnosticText.subject(service, name: name))
            }
            let context = ResolutionContext.slot.current
            context.beginRequest()
            if let value = container.resolve(service, name: name) { return value }
            throw AsyncDiagnostics.nested(
                context.takeFailure(service: Service.self, name: name),
                missing: ChainLink(type: Service.self, name: name, signature: nil), outer: frame.chain,
                lineage: lineage)
        }
    }

    /// Resolves a main-actor `service` on the main actor, synchronously, as a dependency of the
    /// service being built.
    @MainActor
    public func resolveMainActor<Service>(_ service: Service.Type, name: String? = nil) throws(ResolutionError)
        -> Service
    {
        try MainActorResolution.resolve(service, name: name, lineage: lineage, frame: frame)
    }
}
