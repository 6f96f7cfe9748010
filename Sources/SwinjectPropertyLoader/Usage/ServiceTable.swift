import Swinject

/// The registrations a Swinject container holds (not its ancestors'), read with `Mirror` from
/// its `services` table, as ``PropertyDryRun`` reads them: Swinject has no public list.
///
/// Read when usage tracking starts on a container, which happens while it is configured (a
/// loader applied), not while other threads register. When Swinject's layout is not the one
/// expected, the list is empty and only later registrations are tracked.
enum ServiceTable {
    struct Registration {
        let serviceType: Any.Type
        let name: String?
        let entry: AnyObject
    }

    static func registrations(of container: Container) -> [Registration] {
        guard let services = child("services", of: container),
            let dictionary = child("internalDictionary", of: services)
        else { return [] }
        var result: [Registration] = []
        for pair in Mirror(reflecting: dictionary).children {
            let parts = Mirror(reflecting: pair.value).children.map(\.value)
            guard parts.count == 2 else { continue }
            var serviceType: Any.Type?
            var name: String?
            for field in Mirror(reflecting: parts[0]).children {
                switch field.label {
                case "serviceType": serviceType = field.value as? Any.Type
                case "name": name = field.value as? String
                default: break
                }
            }
            // Only a Swinject entry object may have its storage slot written.
            let entry = parts[1] as AnyObject
            guard let serviceType, String(describing: type(of: entry)).hasPrefix("ServiceEntry<") else { continue }
            result.append(Registration(serviceType: serviceType, name: name, entry: entry))
        }
        return result
    }

    private static func child(_ label: String, of subject: Any) -> Any? {
        Mirror(reflecting: subject).children.first { $0.label == label }?.value
    }
}
