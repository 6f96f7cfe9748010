import Swinject
import SwinjectKitSupport

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
