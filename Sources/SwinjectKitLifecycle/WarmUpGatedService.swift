public import ServiceLifecycle

/// A `Service` that starts only after an ``InjectorService`` has warmed up its dependencies,
/// and never when the warm-up failed. Made by ``InjectorService/afterWarmUp(_:)``.
///
/// ```swift
/// let dependencies = InjectorService(injector: injector, warmingUp: ConnectionPool.self)
/// let group = ServiceGroup(
///     services: [dependencies, dependencies.afterWarmUp(httpServer)],
///     gracefulShutdownSignals: [.sigterm],
///     logger: logger
/// )
/// ```
///
/// A `ServiceGroup` starts all its services at once; this one waits for the ``InjectorService``
/// of the same group to end its startup, then runs the wrapped service. When the startup throws,
/// the wrapped service is never started: this one waits for the group to stop, and the group's
/// `run()` throws the startup's error (a `ServiceGroup` cancels its services when one throws).
/// On graceful shutdown or cancellation before the startup ends, it returns without starting
/// the wrapped service.
public struct WarmUpGatedService<Wrapped: Service>: Service, CustomStringConvertible {
    private let gate: WarmUpGate
    private let wrapped: Wrapped

    init(gate: WarmUpGate, wrapped: Wrapped) {
        self.gate = gate
        self.wrapped = wrapped
    }

    /// The wrapped service's description, so that the group's logs and errors name it.
    public var description: String { String(describing: wrapped) }

    /// Waits for the warm-up, then runs the wrapped service if it succeeded.
    public func run() async throws {
        let outcome = await cancelWhenGracefulShutdown { await gate.wait() }
        guard outcome == .warmedUp, !Task.isCancelled, !Task.isShuttingDownGracefully else {
            // Returning now would tell the group this service finished unexpectedly, an error
            // that could hide the startup's own: stay until the group stops.
            try? await gracefulShutdown()
            return
        }
        try await wrapped.run()
    }
}
