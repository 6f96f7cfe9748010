/// How an ``Injector`` provides a service that is built asynchronously: a database pool that
/// connects, a client that fetches its credentials.
///
/// ```swift
/// try injector.register(as: ConnectionPool.self, injection: .asyncSingleton {
///     try await ConnectionPool.connect(to: "db.internal:5432")
/// })
/// let pool = try await injector.getAsync(ConnectionPool.self)
/// ```
///
/// - `asyncSingleton(_:)`: created on the first request and kept. Concurrent first
///   requests wait for the one creation in flight; a creation that throws is not kept, every
///   waiter gets the error, and the next request tries again.
/// - `asyncFactory(_:)`: created anew for every request.
///
/// Both come in two forms: a closure with no parameter, and one that takes the injector so the
/// factory can `try await injector.getAsync(...)` its own dependencies.
///
/// Resolve with ``Injector/getAsync(_:name:fileID:line:isolation:)``; a synchronous
/// ``Injector/get(_:name:fileID:line:)`` of the service throws
/// ``InjectionError/asyncOnly``, naming the async spelling.
///
/// A separate type from ``Injection`` so that code switching over `Injection`'s cases keeps
/// compiling, and so that `.singleton` and `.asyncSingleton` can never be confused at a call site.
public struct AsyncInjection<Service>: Sendable {
    /// An async factory that may resolve its own dependencies through the injector it is given.
    public typealias Factory = @Sendable (Injector) async throws -> Service

    /// Whether the service is created once and kept.
    let isSingleton: Bool
    /// Creates the service.
    let make: Factory

    private init(isSingleton: Bool, make: @escaping Factory) {
        self.isSingleton = isSingleton
        self.make = make
    }

    /// Creates the service on the first request and provides that instance from then on.
    ///
    /// The closure runs once, in a task of its own, even when many tasks ask at the same moment;
    /// they all wait for it. A cancelled waiter stops waiting (with ``InjectionError/cancelled``)
    /// and the creation goes on for the others; when every waiter is cancelled, the creation's task
    /// is cancelled too, and what it then produces is kept if it succeeds (the next request gets it)
    /// and forgotten if it throws (the next request starts a new creation).
    public static func asyncSingleton(_ make: @escaping @Sendable () async throws -> Service) -> Self {
        AsyncInjection(isSingleton: true) { _ in try await make() }
    }

    /// `asyncSingleton(_:)` with a closure that takes the injector, to resolve
    /// dependencies: `.asyncSingleton { injector in try await Client(pool: injector.getAsync()) }`.
    public static func asyncSingleton(_ make: @escaping Factory) -> Self {
        AsyncInjection(isSingleton: true, make: make)
    }

    /// Creates the service anew for every request, in the requesting task (so cancelling the
    /// request cancels the creation).
    public static func asyncFactory(_ make: @escaping @Sendable () async throws -> Service) -> Self {
        AsyncInjection(isSingleton: false) { _ in try await make() }
    }

    /// `asyncFactory(_:)` with a closure that takes the injector, to resolve
    /// dependencies.
    public static func asyncFactory(_ make: @escaping Factory) -> Self {
        AsyncInjection(isSingleton: false, make: make)
    }
}
