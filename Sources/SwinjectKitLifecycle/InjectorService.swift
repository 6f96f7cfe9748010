public import ServiceLifecycle
public import Swinject
public import SwinjectInjection

/// A swift-service-lifecycle `Service` that owns the lifetime of an `Injector`'s (or a Swinject
/// container's) services: it creates the ones to warm up at startup, waits for graceful shutdown,
/// then shuts every created service down in reverse order of creation.
///
/// ```swift
/// let services = InjectorService(injector: injector) { injector in
///     _ = try await injector.getAsync(ConnectionPool.self)
/// }
/// let group = ServiceGroup(
///     services: [services, services.afterWarmUp(httpServer)],
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger
/// )
/// try await group.run()
/// ```
///
/// Put it first in the group's list: a `ServiceGroup` shuts its services down in reverse order,
/// so the services that use the dependencies (an HTTP server) stop before the dependencies close.
/// A group starts all its services at once: wrap the ones that need the warmed-up dependencies
/// with ``afterWarmUp(_:)`` so that they start only after the startup succeeded.
///
/// - Startup: the `startup` closure runs first (cancelled if graceful shutdown comes before it
///   ends). If it throws, the service shuts down what was created and rethrows, which stops the
///   group; the services wrapped with ``afterWarmUp(_:)`` never start.
/// - Graceful shutdown (`SIGTERM` through the group's signals, or
///   `ServiceGroup.triggerGracefulShutdown()`) or cancellation of the group: `shutdown()` of every
///   created `Shutdownable` service; their errors are thrown together as one
///   `InjectionError` with the code `shutdown-failed`.
public struct InjectorService: Service, CustomStringConvertible {
    private let startup: @Sendable () async throws -> Void
    private let shutdown: @Sendable () async throws -> Void
    /// Opened by the first run's startup; shared by every copy of this value.
    private let gate = WarmUpGate()

    /// `InjectorService`: what a group's logs and errors call this service (a `ServiceGroup`
    /// describes each service it runs).
    public var description: String { "InjectorService" }

    /// A service for `injector`: `startup` warms up what the server needs before it takes traffic.
    public init(
        injector: Injector,
        fileID: String = #fileID,
        line: Int = #line,
        startup: @escaping @Sendable (Injector) async throws -> Void = { _ in }
    ) {
        self.startup = { try await startup(injector) }
        self.shutdown = { try await injector.shutdown(fileID: fileID, line: line) }
    }

    /// A service that warms up the async (or synchronous) services `types` of `injector`, in order.
    ///
    /// ```swift
    /// InjectorService(injector: injector, warmingUp: ConnectionPool.self, SecretsClient.self)
    /// ```
    public init<each Warmed>(
        injector: Injector,
        warmingUp types: repeat (each Warmed).Type,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let names = WarmUpList(repeat each types)
        self.init(injector: injector, fileID: fileID, line: line) { injector in
            try await names.warmUp(injector, fileID: fileID, line: line)
        }
    }

    /// A service for a Swinject `container`: at shutdown it closes the instances of the entries
    /// marked with `shutsDown()`. The container itself is not kept (it is not `Sendable`), so
    /// `startup` resolves through something that is, such as an `Injector`.
    public init(
        container: Container,
        fileID: String = #fileID,
        line: Int = #line,
        startup: @escaping @Sendable () async throws -> Void = {}
    ) {
        let handle = container.shutdownHandle(fileID: fileID, line: line)
        self.startup = startup
        self.shutdown = { try await handle() }
    }

    /// Runs the startup, waits for graceful shutdown or cancellation, then shuts the services down.
    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown(startup)
            gate.end(.warmedUp)
        } catch {
            gate.end(.failed)
            // A startup cut short by graceful shutdown or cancellation is a normal stop; any other
            // failure is rethrown after closing what the startup created.
            if !Task.isCancelled && !Task.isShuttingDownGracefully {
                try await shutdown()
                throw error
            }
        }
        // Throws CancellationError when the group cancels this task instead; shut down either way.
        try? await gracefulShutdown()
        try await shutdown()
    }

    /// `service`, started once this service's startup has succeeded, and never when it threw or
    /// was cut short. Put both in the same `ServiceGroup`, this one first.
    ///
    /// ```swift
    /// ServiceGroup(services: [dependencies, dependencies.afterWarmUp(httpServer)], logger: logger)
    /// ```
    public func afterWarmUp<Wrapped: Service>(_ service: Wrapped) -> WarmUpGatedService<Wrapped> {
        WarmUpGatedService(gate: gate, wrapped: service)
    }
}
