import SwinjectKitSupport

/// The manifest of one tracked container, kept in the container's ``ContainerAttachments``.
///
/// Registrations arrive through an observer of the attachments' owner behavior; the ones made
/// before tracking started are imported once from Swinject under its own lock
/// (``RegistrationSnapshot``).
final class TrackedRegistrations: Sendable {
    private struct State {
        var manifest = Manifest()
        /// Whether the registrations made before tracking started were imported.
        var isComplete = false
    }

    private let state = LockedValue(State())

    /// Adds or replaces the record of one registration.
    func record(_ record: ManifestRecord) {
        // Mutated in place: copying the manifest out would copy its records every time.
        state.withLock { $0.manifest.record(record) }
    }

    /// Attaches autoregistration details to a recorded registration.
    func attach(_ info: AutoregistrationInfo, to key: RegistrationKey) {
        state.withLock { $0.manifest.attach(info, to: key) }
    }

    /// Adds the imported registrations whose keys the observer has not recorded yet: an observed
    /// registration is never older than the imported one of the same key.
    func importExisting(_ registrations: [RegistrationSnapshot.Registration]?) {
        state.withLock { state in
            guard let registrations else { return }
            for registration in registrations {
                state.manifest.recordIfAbsent(ManifestRecord(registration))
            }
            state.isComplete = true
        }
    }

    /// The manifest and whether it holds every registration of the container.
    var snapshot: (manifest: Manifest, isComplete: Bool) {
        state.withLock { ($0.manifest, $0.isComplete) }
    }
}
