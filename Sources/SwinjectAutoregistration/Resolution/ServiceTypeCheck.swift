import Swinject
import SwinjectKitSupport

/// Finds service types that Swinject cannot report a failed autoregistered resolve for.
///
/// An autoregistered factory that cannot build its service returns a marker value, and
/// Swinject's `resolve` casts it to the service type, which fails for every type except those
/// that hold any value: `Any`, `AnyObject`, `any Sendable` and optionals of them. For those the
/// marker would come back as the service (and be cached by its scope), so `autoregister` does not
/// make them resolvable at all and reports why instead.
enum ServiceTypeCheck {
    /// Whether a value of any type converts to `Service`: whether the marker, a type no service
    /// names, does.
    static func acceptsAnyValue<Service>(_ service: Service.Type) -> Bool {
        (ResolutionFailureMarker() as Any) is Service
    }

    /// The error an autoregistration of such a type reports.
    static func problem(service: Any.Type, name: String?, parameters: [DependencyInfo]) -> ResolutionError {
        let subject = DiagnosticText.subject(service, name: name)
        let signature = TypeName.signature(parameters: parameters.map(\.type), result: service)
        return ResolutionError(
            code: .unsupportedServiceType,
            chain: [subject],
            message: """
                \(DiagnosticText.cannotAutoregister(subject)): every value converts to \(TypeNames.short(service)), so Swinject's \
                `resolve` could not return nil when a dependency is missing \
                (initializer \(signature)). \
                Autoregister the concrete type and forward it (`.implements(\(TypeNames.short(service)).self)`), \
                or register \(TypeNames.short(service)) with `register` and a closure.
                """
        )
    }
}

/// The key option of an autoregistration kept out of `resolve`'s reach.
struct UnusableRegistrationOption: ServiceKeyOption {
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is UnusableRegistrationOption }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(UnusableRegistrationOption.self)) }
    var description: String { "SwinjectAutoregistration.unusable" }
}
