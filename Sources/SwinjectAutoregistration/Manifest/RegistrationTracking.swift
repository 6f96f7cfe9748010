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
    ///
    /// `autoregister` calls this for every registration, so the answer for the last container
    /// each thread asked about is kept in a per-thread slot: the container's identity and its
    /// tracked registrations, which the container's attachments keep alive as long as the
    /// container. Finding them in the attachments takes two locks, two hash look-ups and a
    /// dynamic cast.
    @discardableResult
    static func start(on container: Container) -> TrackedRegistrations {
        start(on: container, cache: lastStarted.current)
    }

    private static func start(on container: Container, cache: StartedTracking) -> TrackedRegistrations {
        let identity = ContainerIdentity(container)
        if let tracked = cache.tracked, cache.container == identity {
            return tracked
        }
        let tracked = start(with: ContainerAttachments.of(container), container: container)
        cache.container = identity
        cache.tracked = tracked
        return tracked
    }

    /// Makes an autoregistration with `register` (which calls Swinject's `_register`) and records
    /// it with `info` in the manifest of `container`, tracking started if needed.
    ///
    /// Swinject tells the container's tracker about the registration while `register` runs, on
    /// this thread; `info` waits in the thread's slot for it, so the tracker logs the record
    /// and its details at once, under one lock, instead of logging the record and then finding it
    /// again to attach the details. Should the tracker not take it (a behavior that registers on
    /// the container while Swinject reports the first registration), it is attached afterwards.
    static func record<Service>(
        _ info: AutoregistrationInfo,
        argumentsType: Any.Type,
        on container: Container,
        register: () -> ServiceEntry<Service>
    ) -> ServiceEntry<Service> {
        let cache = lastStarted.current
        let tracked = start(on: container, cache: cache)
        let previous = cache.pending
        cache.pending = PendingDetails(info: info, argumentsType: argumentsType, tracked: tracked)
        let entry = register()
        let left = cache.pending
        cache.pending = previous
        if let left {
            tracked.attach(
                left.info, to: RegistrationKey(service: info.service, arguments: argumentsType, name: info.name))
        }
        return entry
    }

    /// The details of the autoregistration this thread is making, if the registration that
    /// `tracked` is told about is that one (see ``record(_:argumentsType:on:register:)``).
    static func takeDetails(
        for tracked: TrackedRegistrations, serviceType: Any.Type, argumentsType: Any.Type, name: String?
    ) -> AutoregistrationInfo? {
        let cache = lastStarted.current
        guard let pending = cache.pending, pending.tracked === tracked,
            ObjectIdentifier(pending.info.service) == ObjectIdentifier(serviceType),
            ObjectIdentifier(pending.argumentsType) == ObjectIdentifier(argumentsType), pending.info.name == name
        else { return nil }
        cache.pending = nil
        return pending.info
    }

    /// The last container whose tracking each thread started (see ``start(on:)``), and the
    /// autoregistration the thread is making.
    private static let lastStarted = ThreadLocal { StartedTracking() }

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
        // Registrations made before this are imported when the manifest is first read (see
        // ``TrackedRegistrations``); a registration made in between is seen by both, and the
        // import keeps the observed record.
        attachments.addObserver(RegistrationTracker(tracked))
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
                return start(with: attachments, container: member).snapshot(of: member).manifest
            }
            return TrackedRegistrations.manifest(
                importing: SwinjectRegistrationTable.registrations(of: member)?.filter { !$0.hasOption })
        }
        return layers.count == 1 ? layers[0] : Manifest(merging: Array(layers))
    }

    /// What resolution failure paths may use: the records tracking knows for `resolver` and its
    /// ancestors (merged), and whether any container in the chain had registrations tracking
    /// could not see. Changes no container: of Swinject's state it reads the parent chain and,
    /// the first time a tracked container's manifest is read, the registrations made before its
    /// tracking started (under Swinject's read lock, which no resolve holds while a factory runs).
    static func knownRecords(from resolver: any Resolver) -> (records: [ManifestRecord], isComplete: Bool) {
        guard let container = resolver as? Container else { return ([], false) }
        var layers: [Manifest] = []
        var isComplete = true
        for member in ContainerLineage.ancestry(of: container).reversed() {
            if let tracked = existing(for: member) {
                let snapshot = tracked.snapshot(of: member)
                layers.append(snapshot.manifest)
                isComplete = isComplete && snapshot.isComplete
            } else if !ContainerLineage.isSynchronizedView(member) {
                // A `synchronize()` view holds no registrations of its own.
                isComplete = false
            }
        }
        if layers.count == 1 { return (layers[0].records, isComplete) }
        return (Manifest(merging: layers).records, isComplete)
    }
}

extension ManifestRecord {
    init(_ registration: SwinjectRegistration) {
        self.init(
            serviceType: registration.serviceType, name: registration.name,
            argumentsType: registration.argumentsType, entry: registration.entry, autoregistration: nil)
    }
}

/// One thread's last started tracking (see ``RegistrationTracking/start(on:)``).
private final class StartedTracking {
    /// The container, which has attachments (its tracking lives there).
    var container = ContainerIdentity.none
    /// Read only while `container` still names the same living container. Held strongly, so it
    /// may outlive its container until this thread registers on another one or exits; a weak
    /// reference would leave a side table that the leak check cannot trace to its owner.
    var tracked: TrackedRegistrations?
    /// The details of the autoregistration this thread is registering, until its tracker takes
    /// them.
    var pending: PendingDetails?
}

/// An autoregistration's details on their way to the tracker of the container it is made on.
private struct PendingDetails {
    let info: AutoregistrationInfo
    let argumentsType: Any.Type
    let tracked: TrackedRegistrations
}
