public import Swinject

extension Container {
    /// Resolves `service` from its async registration, awaiting its factory, or from its
    /// synchronous registration; throws a ``ResolutionError`` that explains any failure with the
    /// chain of services.
    ///
    /// ```swift
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// The registration's object scope holds: a `.container` instance is created once even when
    /// many tasks ask at the same moment, `.graph` instances are shared within this call, and
    /// `.transient` gives a new one. Runs on the caller's executor until a factory runs.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    /// - Returns: The resolved instance.
    public nonisolated(nonsending) func resolveAsync<Service>(
        _ service: Service.Type, name: String? = nil
    ) async throws(ResolutionError) -> Service {
        try await AsyncLineage.of(self).resolveAsync(service, name: name, frame: nil)
    }

    /// Resolves `service` with one runtime argument, awaiting its async factory.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - argument: The runtime argument.
    /// - Returns: The resolved instance.
    public nonisolated(nonsending) func resolveAsync<Service, A>(
        _ service: Service.Type, name: String? = nil, argument: A
    ) async throws(ResolutionError) -> Service {
        try await AsyncLineage.of(self).resolveAsync(service, name: name, argument: argument, frame: nil)
    }

    /// Resolves `service` with two runtime arguments, awaiting its async factory.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    /// - Returns: The resolved instance.
    public nonisolated(nonsending) func resolveAsync<Service, A, B>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B
    ) async throws(ResolutionError) -> Service {
        try await AsyncLineage.of(self).resolveAsync(service, name: name, arguments: first, second, frame: nil)
    }

    /// Resolves `service` with three runtime arguments, awaiting its async factory.
    ///
    /// - Parameters:
    ///   - service: The service type to resolve.
    ///   - name: The registration name.
    ///   - first: The first runtime argument.
    ///   - second: The second runtime argument.
    ///   - third: The third runtime argument.
    /// - Returns: The resolved instance.
    public nonisolated(nonsending) func resolveAsync<Service, A, B, C>(
        _ service: Service.Type, name: String? = nil, arguments first: A, _ second: B, _ third: C
    ) async throws(ResolutionError) -> Service {
        try await AsyncLineage.of(self).resolveAsync(
            service, name: name, arguments: first, second, third, frame: nil)
    }
}

extension Container {
    /// How many tasks wait for the creation in flight of the `.container` async singleton
    /// registered for `Service` without runtime arguments; 0 when none is in flight or there is no
    /// such registration. For tests that must act only once their waiters are queued.
    package func asyncWaiterCount<Service>(of service: Service.Type, name: String? = nil) -> Int {
        let key = RegistrationKey(service: Service.self, arguments: noArgumentsType, name: name)
        return AsyncLineage.of(self).registration(for: key)?.singleton.waiterCount ?? 0
    }
}
