/// The entry `registerAsync`, `registerMainActor` and the async `autoregister` return, to choose
/// the object scope as with Swinject's `ServiceEntry`:
///
/// ```swift
/// container.registerAsync(Database.self) { _ in try await Database.connect() }
///     .inObjectScope(.container)
/// ```
public final class AsyncServiceEntry<Service>: Sendable {
    let registration: AsyncRegistration

    init(_ registration: AsyncRegistration) {
        self.registration = registration
    }

    /// Sets the object scope (``AsyncObjectScope/graph`` unless set). Call it while configuring,
    /// before the service is first resolved.
    @discardableResult
    public func inObjectScope(_ scope: AsyncObjectScope) -> Self {
        registration.objectScope.set(scope)
        return self
    }

    /// The object scope.
    public var objectScope: AsyncObjectScope { registration.objectScope.value }
}
