import Swinject

/// Records every registration of a container in its ``TrackedRegistrations``, as an observer of
/// the container's attachments (the attachments' owner behavior calls it, so tracking never adds
/// a behavior of its own).
final class RegistrationTracker: Behavior, Sendable {
    let tracked: TrackedRegistrations

    init(_ tracked: TrackedRegistrations) {
        self.tracked = tracked
    }

    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        // `type` is the key's service type: for a type forwarded with `.implements`, the
        // forwarded type rather than the entry's.
        let argumentsType = entry.argumentsType
        tracked.record(
            ManifestRecord(
                serviceType: type, name: name, argumentsType: argumentsType, entry: entry,
                autoregistration: RegistrationTracking.takeDetails(
                    for: tracked, serviceType: type, argumentsType: argumentsType, name: name)))
    }
}
