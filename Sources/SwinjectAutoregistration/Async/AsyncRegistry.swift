import Swinject
import SwinjectKitSupport

/// The async and main-actor registrations of one container, kept in its ``ContainerAttachments``.
///
/// Swinject cannot store an async factory, so these registrations live here, keyed as Swinject
/// keys its own (service, runtime-argument types, name). A manifest record is added for each, so
/// `verify()` and `dependencyGraph()` see them like any registration.
final class AsyncRegistry: Sendable {
    private struct State {
        var registrations: [RegistrationKey: AsyncRegistration] = [:]
        /// Set by ``SendableResolver``: later registrations are refused.
        var sealed = false
    }

    private let state = LockedValue(State())

    /// The registry of `container`, created (with the container's attachments) on first use; for
    /// configuration time.
    static func installed(on container: Container) -> AsyncRegistry {
        ContainerAttachments.of(container).value(AsyncRegistry.self) { AsyncRegistry() }
    }

    /// The registry of `container` if it has one; never changes the container.
    static func existing(for container: Container) -> AsyncRegistry? {
        ContainerAttachments.existing(for: container)?.value(AsyncRegistry.self)
    }

    /// Adds `registration` under `key`, replacing an earlier one, unless the registry is sealed.
    /// Returns whether it was added.
    func add(_ registration: AsyncRegistration, for key: RegistrationKey) -> Bool {
        state.withLock { state in
            guard !state.sealed else { return false }
            state.registrations[key] = registration
            return true
        }
    }

    /// The registration of `key`.
    func registration(for key: RegistrationKey) -> AsyncRegistration? {
        state.withLock { $0.registrations[key] }
    }

    /// The registrations of `service` (any name and arguments).
    func registrations(of service: Any.Type) -> [AsyncRegistration] {
        state.withLock { state in state.registrations.values.filter { $0.service == service } }
    }

    /// Whether the registry holds no registration.
    var isEmpty: Bool {
        state.withLock { $0.registrations.isEmpty }
    }

    /// Refuses later registrations (``add(_:for:)`` returns false); returns whether the registry
    /// was open until now.
    @discardableResult
    func seal() -> Bool {
        state.withLock { state in
            defer { state.sealed = true }
            return !state.sealed
        }
    }
}
