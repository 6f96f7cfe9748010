public import ServiceLifecycle
public import SwinjectPropertyLoader

/// A swift-service-lifecycle `Service` that runs a `PropertyReloader` (SwinjectPropertyLoader):
/// it watches the configuration files (and `SIGHUP`) while the group runs, and stops watching on
/// graceful shutdown or cancellation.
///
/// ```swift
/// let reloader = try PropertyReloader(container: container, loaders: loaders)
/// let group = ServiceGroup(
///     services: [ReloadService(reloader: reloader), httpServer],
///     gracefulShutdownSignals: [.sigterm],
///     logger: logger
/// )
/// try await group.run()
/// ```
///
/// Reloads run on the reloader's own queue, never on the task that runs this service. A reload
/// already under way when the group shuts down completes; the watch starts no new one.
/// Watching `SIGHUP` replaces the signal's default action (ending the process) while the
/// service runs; leave `SIGHUP` out of the group's graceful shutdown signals.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ReloadService: Service, CustomStringConvertible {
    private let reloader: PropertyReloader

    /// `ReloadService`: what a group's logs and errors call this service (a `ServiceGroup`
    /// describes each service it runs).
    public var description: String { "ReloadService" }

    /// A service that runs `reloader`'s watch.
    public init(reloader: PropertyReloader) {
        self.reloader = reloader
    }

    /// Watches until graceful shutdown or cancellation, then stops watching.
    public func run() async throws {
        reloader.startWatching()
        defer { reloader.stopWatching() }
        // Returns on graceful shutdown; throws CancellationError when the group cancels the task
        // instead. Either way the watch stops, which is a normal end for this service.
        try? await gracefulShutdown()
    }
}
