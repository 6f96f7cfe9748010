public import Swinject

extension Container {
    /// Starts recording every registration of this container in its manifest.
    ///
    /// Registrations already made are imported once, read under Swinject's own lock; later ones
    /// are observed through the container's attachments. `autoregister` calls this; ``verify(_:)``
    /// and ``dependencyGraph()`` read the registrations of untracked containers without starting
    /// tracking. Call it while configuring a container that has no autoregistrations when you
    /// want `resolveOrThrow`'s errors to list its registrations: resolution never starts
    /// tracking, since that would change the container while other threads may use it.
    public func enableRegistrationTracking() {
        RegistrationTracking.start(on: self)
    }
}
