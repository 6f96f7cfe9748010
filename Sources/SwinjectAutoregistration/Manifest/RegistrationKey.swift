import Swinject

/// Identifies one registration the way Swinject does: service type, arguments type and name.
struct RegistrationKey: Hashable, Sendable {
    let service: ObjectIdentifier
    let arguments: ObjectIdentifier
    let name: String?

    init(service: Any.Type, arguments: Any.Type, name: String?) {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier(arguments)
        self.name = name
    }
}

/// The arguments type of a registration without runtime arguments.
let noArgumentsType: Any.Type = (any Resolver).self
