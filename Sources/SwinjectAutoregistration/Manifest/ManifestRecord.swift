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

/// What `autoregister` knows about a registration beyond what Swinject stores.
///
/// A class, immutable once made: a manifest record holds it by reference, so reading or copying
/// a record (as `verify()` does for every registration) costs one retain rather than a copy of
/// every array, closure and error inside.
final class AutoregistrationInfo: Sendable {
    /// Every initializer parameter, in order, with the runtime arguments marked.
    let parameters: [DependencyInfo]
    /// The runtime argument types, in registration order.
    let argumentTypes: [Any.Type]
    /// Resolves the registration from type-erased argument values, casting each value to the
    /// registered (possibly existential) argument type first. Used when Swift opened an
    /// existential argument at the call site.
    let invoker: (@Sendable (any Resolver, [Any]) -> Any?)?
    /// Why the registration can never produce its service (its argument types do not match the
    /// initializer), or nil.
    let problem: ResolutionError?

    init(
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError? = nil
    ) {
        self.parameters = parameters
        self.argumentTypes = argumentTypes
        self.invoker = invoker
        self.problem = problem
    }

    /// The parameters resolved from the container.
    var dependencies: [DependencyInfo] { parameters.filter { !$0.isArgument } }
}

/// One registration in a container's manifest.
struct ManifestRecord: @unchecked Sendable {
    // @unchecked: every stored property is immutable except `autoregistration` (a value);
    // `entry` is only read through `Mirror` to describe the object scope.
    let serviceType: Any.Type
    let name: String?
    let argumentsType: Any.Type
    let entry: AnyObject?
    var autoregistration: AutoregistrationInfo?

    var key: RegistrationKey { RegistrationKey(service: serviceType, arguments: argumentsType, name: name) }

    /// Whether the registration needs runtime arguments.
    var hasArguments: Bool { ObjectIdentifier(argumentsType) != ObjectIdentifier(noArgumentsType) }

    /// Names of the runtime argument types.
    var argumentNames: [String] {
        if let types = autoregistration?.argumentTypes { return types.map(TypeName.short) }
        return hasArguments ? TypeName.argumentNames(ofArgumentsType: argumentsType) : []
    }

    /// The object scope's description (`graph`, `container`, ...), read from the entry.
    var scopeDescription: String {
        guard let entry else { return "unknown" }
        for child in Mirror(reflecting: entry).children where child.label == "objectScope" {
            if let scope = child.value as? any CustomStringConvertible { return scope.description }
        }
        return "unknown"
    }

    /// `Person (name: "johnny") with arguments (String)` style description.
    var display: String {
        DiagnosticText.registration(
            TypeName.short(serviceType), name: name, argumentNames: hasArguments ? argumentNames : nil)
    }
}
