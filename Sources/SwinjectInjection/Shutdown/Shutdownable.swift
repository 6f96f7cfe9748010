/// A service that holds something to close (connections, files, background work) and closes it
/// in `shutdown()`.
///
/// ``Injector/shutdown(fileID:line:)`` calls it for every singleton the injector created or holds,
/// in reverse order of creation (a service is created after its dependencies, so it closes
/// before them), once each; a Swinject container does the same for the entries marked with
/// `shutsDown()`.
///
/// ```swift
/// final class ConnectionPool: Shutdownable, Sendable {
///     func shutdown() async throws {
///         try await closeAllConnections()
///     }
/// }
/// ```
///
/// The protocol is not bound to `AnyObject`: a value type that closes a handle may conform too,
/// but a class is the usual shape, since the injector must hand every caller the same instance.
public protocol Shutdownable {
    /// Closes what the service holds. Called once, by the shutdown of the injector or container
    /// that created it; errors are collected and reported with the service's type.
    func shutdown() async throws
}
