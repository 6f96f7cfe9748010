import Swinject

/// The async resolves behind the public entry points (`Container.resolveAsync`,
/// `resolveOnMainActor`, ``AsyncResolver``, ``SendableResolver``), one for each number of runtime
/// arguments: an entry point names its lineage and frame, makes its own checks, and forwards here.
/// `frame` is the resolution the resolve is nested in; nil for a top-level resolve.
extension AsyncLineage {
    /// Resolves `service`, registered without runtime arguments, through this lineage.
    nonisolated(nonsending) func resolveAsync<Service>(
        _ service: Service.Type, name: String?, frame: AsyncFrame?
    ) async throws(ResolutionError) -> Service {
        try await AsyncResolution.resolve(
            service, name: name, argumentsType: noArgumentsType, arguments: InstanceBox(()), argumentCount: 0,
            lineage: self, frame: frame
        ) { $0.resolve(Service.self, name: name) }
    }

    /// Resolves `service` with one runtime argument through this lineage.
    nonisolated(nonsending) func resolveAsync<Service, A>(
        _ service: Service.Type, name: String?, argument: A, frame: AsyncFrame?
    ) async throws(ResolutionError) -> Service {
        try await AsyncResolution.resolve(
            service, name: name, argumentsType: (any Resolver, A).self, arguments: InstanceBox(argument),
            argumentCount: 1, lineage: self, frame: frame
        ) { $0.resolve(Service.self, name: name, argument: argument) }
    }

    /// Resolves `service` with two runtime arguments through this lineage.
    nonisolated(nonsending) func resolveAsync<Service, A, B>(
        _ service: Service.Type, name: String?, arguments first: A, _ second: B, frame: AsyncFrame?
    ) async throws(ResolutionError) -> Service {
        try await AsyncResolution.resolve(
            service, name: name, argumentsType: (any Resolver, A, B).self, arguments: InstanceBox((first, second)),
            argumentCount: 2, lineage: self, frame: frame
        ) { $0.resolve(Service.self, name: name, arguments: first, second) }
    }

    /// Resolves `service` with three runtime arguments through this lineage.
    nonisolated(nonsending) func resolveAsync<Service, A, B, C>(
        _ service: Service.Type, name: String?, arguments first: A, _ second: B, _ third: C, frame: AsyncFrame?
    ) async throws(ResolutionError) -> Service {
        try await AsyncResolution.resolve(
            service, name: name, argumentsType: (any Resolver, A, B, C).self,
            arguments: InstanceBox((first, second, third)), argumentCount: 3, lineage: self, frame: frame
        ) { $0.resolve(Service.self, name: name, arguments: first, second, third) }
    }

    /// Resolves a main-actor `service` at the top level from any context, its factory running on
    /// the main actor.
    nonisolated(nonsending) func resolveOnMainActor<Service: Sendable>(
        _ service: Service.Type, name: String?
    ) async throws(ResolutionError) -> Service {
        let result = await MainActor.run { () -> Result<Service, ResolutionError> in
            do throws(ResolutionError) {
                return .success(try MainActorResolution.resolve(service, name: name, lineage: self, frame: nil))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
