public import Swinject

extension Container {
    /// Registers `service` with a factory isolated to the main actor (a view model, a UI
    /// service). Resolve it on the main actor with ``Swinject/Container/resolveMainActor(_:name:)``,
    /// or from any context with ``Swinject/Container/resolveOnMainActor(_:name:)``.
    ///
    /// ```swift
    /// container.registerMainActor(ProfileViewModel.self) { @MainActor r in
    ///     ProfileViewModel(api: r.resolve(ProfileAPI.self))
    /// }
    /// ```
    ///
    /// The factory always runs on the main actor, so a `.container` instance is created once.
    ///
    /// - Parameters:
    ///   - service: The service type to register.
    ///   - name: The registration name.
    ///   - factory: Builds the service on the main actor.
    /// - Returns: The entry, to choose the object scope.
    @discardableResult
    public func registerMainActor<Service>(
        _ service: Service.Type,
        name: String? = nil,
        factory: @escaping @MainActor @Sendable (AsyncResolver) throws -> Service
    ) -> AsyncServiceEntry<Service> {
        addAsyncRegistration(
            service, name: name, argumentTypes: [], argumentsType: noArgumentsType, signature: nil,
            factory: "main-actor closure",
            info: nil, body: .mainActor { r, _ in InstanceBox(try factory(r)) })
    }

    /// Resolves a service registered with ``Swinject/Container/registerMainActor(_:name:factory:)``,
    /// synchronously, on the main actor.
    ///
    /// ```swift
    /// let model = try container.resolveMainActor(ProfileViewModel.self)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    /// - Returns: The resolved instance.
    @MainActor
    public func resolveMainActor<Service>(_ service: Service.Type, name: String? = nil) throws(ResolutionError)
        -> Service
    {
        try MainActorResolution.resolve(service, name: name, lineage: AsyncLineage.of(self), frame: nil)
    }

    /// Resolves a service registered with ``Swinject/Container/registerMainActor(_:name:factory:)``
    /// from any context, running its factory on the main actor.
    ///
    /// ```swift
    /// let model = try await container.resolveOnMainActor(ProfileViewModel.self)
    /// ```
    ///
    /// The service leaves the main actor, so it must be `Sendable`; a `@MainActor` class is.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    /// - Returns: The resolved instance.
    public nonisolated(nonsending) func resolveOnMainActor<Service: Sendable>(
        _ service: Service.Type,
        name: String? = nil
    ) async throws(ResolutionError) -> Service {
        try await AsyncLineage.of(self).resolveOnMainActor(service, name: name)
    }
}
