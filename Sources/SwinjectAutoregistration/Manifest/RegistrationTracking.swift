import Swinject
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

/// Finds and starts the tracking of containers' registrations.
///
/// Only configuration-time entry points (`autoregister`, `enableRegistrationTracking()`,
/// `verify()`, `dependencyGraph()`) start tracking or read Swinject's registrations; resolution
/// and its failure paths use only what tracking already knows and never change a container.
enum RegistrationTracking {
    /// The tracked registrations of `container`, tracking started if needed. May add the
    /// attachments' owner behavior to the container, so only for `autoregister` and
    /// `enableRegistrationTracking()`, which change the container anyway.
    @discardableResult
    static func start(on container: Container) -> TrackedRegistrations {
        start(with: ContainerAttachments.of(container), container: container)
    }

    /// The tracked registrations of `container` if it is tracked; nil otherwise. Never changes
    /// anything.
    static func existing(for container: Container) -> TrackedRegistrations? {
        ContainerAttachments.existing(for: container)?.value(TrackedRegistrations.self)
    }

    private static func start(with attachments: ContainerAttachments, container: Container) -> TrackedRegistrations {
        if let tracked = attachments.value(TrackedRegistrations.self) { return tracked }
        let created = TrackedRegistrations()
        let tracked = attachments.value(TrackedRegistrations.self) { created }
        guard tracked === created else { return tracked }
        // Observe first, then import: a registration made in between is seen by both, and the
        // import keeps the observed record.
        attachments.addObserver(RegistrationTracker(tracked))
        tracked.importExisting(RegistrationSnapshot.registrations(of: container))
        return tracked
    }

    /// The manifest of the registrations visible from `container` for `verify()` and
    /// `dependencyGraph()`: its own and its ancestors', merged (see ``Manifest/init(merging:)``).
    ///
    /// A container that already has attachments (every `Injector`'s does) gets tracking started
    /// without being changed; any other untracked container is read once, under Swinject's lock,
    /// without starting tracking, since adding a behavior would change a container that other
    /// threads may be registering on.
    static func manifestForChecking(from container: Container) -> Manifest {
        let layers = ContainerLineage.ancestry(of: container).reversed().map { member -> Manifest in
            if let attachments = ContainerAttachments.existing(for: member) {
                return start(with: attachments, container: member).snapshot.manifest
            }
            let unrecorded = TrackedRegistrations()
            unrecorded.importExisting(RegistrationSnapshot.registrations(of: member))
            return unrecorded.snapshot.manifest
        }
        return layers.count == 1 ? layers[0] : Manifest(merging: Array(layers))
    }

    /// What resolution failure paths may use: the records tracking knows for `resolver` and its
    /// ancestors (merged), and whether any container in the chain had registrations tracking
    /// could not see. Reads no Swinject state beyond the parent chain and changes nothing.
    static func knownRecords(from resolver: any Resolver) -> (records: [ManifestRecord], isComplete: Bool) {
        guard let container = resolver as? Container else { return ([], false) }
        var layers: [Manifest] = []
        var isComplete = true
        for member in ContainerLineage.ancestry(of: container).reversed() {
            if let tracked = existing(for: member) {
                let snapshot = tracked.snapshot
                layers.append(snapshot.manifest)
                isComplete = isComplete && snapshot.isComplete
            } else if !SynchronizedView.isSynchronizedView(member) {
                // A `synchronize()` view holds no registrations of its own.
                isComplete = false
            }
        }
        if layers.count == 1 { return (layers[0].records, isComplete) }
        return (Manifest(merging: layers).records, isComplete)
    }
}

extension ManifestRecord {
    init(_ registration: RegistrationSnapshot.Registration) {
        self.init(
            serviceType: registration.serviceType, name: registration.name,
            argumentsType: registration.argumentsType, entry: registration.entry, autoregistration: nil)
    }
}

/// Tells a `synchronize()` view from a container made by `Container(...)`.
enum SynchronizedView {
    /// Whether `container` was made by `synchronize()`. Reads only Swinject's private
    /// `synchronized` constant (the sixth stored property), which never changes after the
    /// container is made, so any thread may read it; the fields mutated by resolution are not read.
    static func isSynchronizedView(_ container: Container) -> Bool {
        RegistrationSnapshot.child(5, "synchronized", of: container) as? Bool ?? false
    }
}
