import Swinject

/// The Swinject behavior that records every registration of a container in its manifest.
final class RegistrationTracker: Behavior, Sendable {
    let containerID: ObjectIdentifier

    init(containerID: ObjectIdentifier) {
        self.containerID = containerID
    }

    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        ManifestRegistry.record(
            containerID: ObjectIdentifier(container),
            serviceType: entry.serviceType,
            argumentsType: entry.argumentsType,
            name: name,
            entry: entry
        )
    }

    /// Records the registrations made before the tracker was installed.
    ///
    /// Swinject has no public way to list registrations, so this reads them with `Mirror`; if
    /// Swinject's layout ever changes, nothing is imported and those registrations stay unknown.
    func importExistingRegistrations(of container: Container) {
        guard let services = Self.child("services", of: container),
            let dictionary = Self.child("internalDictionary", of: services)
        else { return }
        for pair in Mirror(reflecting: dictionary).children {
            let parts = Mirror(reflecting: pair.value).children.map(\.value)
            guard parts.count == 2 else { continue }
            let key = Mirror(reflecting: parts[0])
            var serviceType: Any.Type?
            var argumentsType: Any.Type?
            var name: String?
            var hasOption = false
            for field in key.children {
                switch field.label {
                case "serviceType": serviceType = field.value as? Any.Type
                case "argumentsType": argumentsType = field.value as? Any.Type
                case "name": name = field.value as? String
                case "option": hasOption = Mirror(reflecting: field.value).children.first != nil
                default: break
                }
            }
            guard let serviceType, let argumentsType, !hasOption else { continue }
            ManifestRegistry.record(
                containerID: containerID,
                serviceType: serviceType,
                argumentsType: argumentsType,
                name: name,
                entry: parts[1] as AnyObject
            )
        }
    }

    private static func child(_ label: String, of subject: Any) -> Any? {
        Mirror(reflecting: subject).children.first { $0.label == label }?.value
    }
}
