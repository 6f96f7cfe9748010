import Swinject
import Synchronization

/// The manifests of all containers that use autoregistration or registration tracking.
///
/// Keyed by the container's `ObjectIdentifier`; each manifest holds a weak reference to the
/// container's tracker behavior, which the container owns, so a manifest whose container is gone
/// is recognised (and replaced) even when the identifier is reused.
enum ManifestRegistry {
    private struct ContainerManifest {
        weak var tracker: RegistrationTracker?
        var manifest = Manifest()
    }

    private static let manifests = Mutex<[ObjectIdentifier: ContainerManifest]>([:])

    /// Installs the tracker on `container` if it has none. Returns the new tracker, or nil.
    static func installTrackerIfNeeded(on container: Container) -> RegistrationTracker? {
        let id = ObjectIdentifier(container)
        let tracker: RegistrationTracker? = manifests.withLock { manifests in
            if manifests[id]?.tracker != nil { return nil }
            let tracker = RegistrationTracker(containerID: id)
            manifests[id] = ContainerManifest(tracker: tracker)
            if manifests.count > 64 && manifests.count.isMultiple(of: 64) {
                manifests = manifests.filter { $0.value.tracker != nil || $0.key == id }
            }
            return tracker
        }
        return tracker
    }

    /// Adds or replaces the record for one registration.
    static func record(
        containerID: ObjectIdentifier,
        serviceType: Any.Type,
        argumentsType: Any.Type,
        name: String?,
        entry: AnyObject?
    ) {
        manifests.withLock { manifests in
            // Mutate in place: copying the manifest out would copy its records every time.
            guard manifests[containerID] != nil else { return }
            manifests[containerID]?.manifest.record(
                ManifestRecord(
                    serviceType: serviceType,
                    name: name,
                    argumentsType: argumentsType,
                    entry: entry,
                    autoregistration: nil
                )
            )
        }
    }

    /// Attaches autoregistration details to a recorded registration.
    static func attach(_ info: AutoregistrationInfo, to key: RegistrationKey, containerID: ObjectIdentifier) {
        manifests.withLock { manifests in
            manifests[containerID]?.manifest.attach(info, to: key)
        }
    }

    /// The manifest of one container, without its ancestors.
    static func ownManifest(containerID: ObjectIdentifier) -> Manifest {
        manifests.withLock { manifests in
            guard let entry = manifests[containerID], entry.tracker != nil else { return Manifest() }
            return entry.manifest
        }
    }

    /// The records visible from `container`: its own and its ancestors', a child's registration
    /// replacing its parent's under the same key. Sorted by registration order, ancestors first.
    ///
    /// Turns tracking on for every container in the chain, so an ancestor that only ever used
    /// `register` is imported the first time a descendant needs its registrations.
    static func visibleRecords(from container: Container) -> [ManifestRecord] {
        visibleManifest(from: container).records
    }

    /// The manifest of ``visibleRecords(from:)-(Container)``: for a container without a parent its
    /// own (not copied), otherwise its ancestors' and its own merged.
    static func visibleManifest(from container: Container) -> Manifest {
        let lineage = ContainerLineage.ancestry(of: container)
        for member in lineage { member.enableRegistrationTracking() }
        if lineage.count == 1 { return ownManifest(containerID: ObjectIdentifier(container)) }
        return Manifest(merging: lineage.reversed().map { ownManifest(containerID: ObjectIdentifier($0)) })
    }

    /// The records visible from `resolver` when it is a container; empty otherwise.
    static func visibleRecords(from resolver: any Resolver) -> [ManifestRecord] {
        guard let container = resolver as? Container else { return [] }
        return visibleRecords(from: container)
    }
}

/// Reads a container's parent chain.
enum ContainerLineage {
    /// `container`, its parent, its grandparent, ...
    static func ancestry(of container: Container) -> [Container] {
        var result = [container]
        var current = container
        while let parent = parent(of: current), !result.contains(where: { $0 === parent }) {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// The parent container (Swinject keeps it private; `Mirror` reads it).
    static func parent(of container: Container) -> Container? {
        for child in Mirror(reflecting: container).children where child.label == "parent" {
            return child.value as? Container
        }
        return nil
    }
}
