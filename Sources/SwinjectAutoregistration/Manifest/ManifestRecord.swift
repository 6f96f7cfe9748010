import Swinject
import SwinjectKitSupport

/// One registration in a container's manifest.
struct ManifestRecord: @unchecked Sendable {
    // @unchecked: every stored property is immutable except `autoregistration` (a value);
    // `entry` is only cast, to tell an async registration from a Swinject entry.
    let serviceType: Any.Type
    let name: String?
    let argumentsType: Any.Type
    let entry: AnyObject?
    var autoregistration: AutoregistrationInfo?

    var key: RegistrationKey { RegistrationKey(service: serviceType, arguments: argumentsType, name: name) }

    /// Whether this is the record of `key`, compared without building a key.
    func hasKey(_ key: RegistrationKey) -> Bool {
        ObjectIdentifier(serviceType) == key.service && ObjectIdentifier(argumentsType) == key.arguments
            && name == key.name
    }

    /// Whether the registration needs runtime arguments.
    var hasArguments: Bool { ObjectIdentifier(argumentsType) != ObjectIdentifier(noArgumentsType) }

    /// Names of the runtime argument types.
    var argumentNames: [String] {
        if let types = autoregistration?.argumentTypes { return types.map(TypeNames.short) }
        return hasArguments ? TypeName.argumentNames(ofArgumentsType: argumentsType) : []
    }

    /// The object scope's description (`graph`, `container`, ...): an async registration's own,
    /// or a Swinject entry's read through ``SwinjectEntryFields``.
    var scopeDescription: String {
        if let registration = entry as? AsyncRegistration { return registration.objectScope.description }
        guard let entry, let scope = SwinjectEntryFields.scope(of: entry) as? any CustomStringConvertible else {
            return "unknown"
        }
        return scope.description
    }

    /// `Person (name: "johnny") with arguments (String)` style description.
    var display: String {
        DiagnosticText.registration(
            TypeNames.short(serviceType), name: name, argumentNames: hasArguments ? argumentNames : nil)
    }
}
