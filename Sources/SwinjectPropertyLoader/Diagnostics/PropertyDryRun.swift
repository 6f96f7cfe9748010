import Foundation
import Swinject
import SwinjectKitSupport

/// The registration dry run of ``Swinject/Container/checkProperties(resolvingRegistrations:)``.
///
/// While it runs, a required read that fails (`r.property("k", .orFatalError)`) is recorded and,
/// instead of stopping, gives a stand-in so the factory can finish and the remaining reads are
/// seen too: `nil` for an optional, zero, `false`, `""`, an empty array or dictionary,
/// `about:blank` for a `URL`, the epoch for a `Date`, empty `Data`, and for a `Decodable`
/// section a value whose fields are such stand-ins (``DryRunStandInDecoder``). Only a type none
/// of these covers, which no property can be read as, still stops, with its message.
enum PropertyDryRun {
    @TaskLocal static var isActive = false

    /// A stand-in value for a failed required read during a dry run, or nil outside one.
    static func standIn<T>(for type: T.Type) -> T? {
        guard isActive else { return nil }
        if let simple = simpleStandIn(for: T.self) { return simple }
        if let decodable = T.self as? any Decodable.Type, let value = decodableStandIn(decodable) as? T {
            return value
        }
        return nil
    }

    /// A stand-in for a failed throwing read (`requiredProperty`) while a start-up check builds a
    /// service once more because a `~>` could not report its failure otherwise
    /// (``FactoryErrors/givesStandIns``); the failure goes to the check. Nil otherwise: outside
    /// that retry a throwing read throws, so a factory that recovers from it keeps doing so.
    static func retryStandIn<T>(for type: T.Type, failure: PropertyError) -> T? {
        guard FactoryErrors.givesStandIns else { return nil }
        guard let value = simpleStandIn(for: T.self) ?? decodableStandIn(of: T.self) else { return nil }
        FactoryErrors.post(failure)
        return value
    }

    private static func decodableStandIn<T>(of type: T.Type) -> T? {
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        return decodableStandIn(decodable) as? T
    }

    private static func decodableStandIn<D: Decodable>(_ type: D.Type) -> D? {
        DryRunStandInDecoder.standIn(D.self)
    }

    /// The stand-in of an optional, a collection, a literal-expressible scalar, a URL, a date or
    /// data; nil for other types.
    static func simpleStandIn<T>(for type: T.Type) -> T? {
        if let optional = T.self as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? T }
        if let value = ([] as [Any]) as? T { return value }
        if let value = ([:] as [String: Any]) as? T { return value }
        if let type = T.self as? any ExpressibleByIntegerLiteral.Type, let value = integer(type) as? T { return value }
        if let type = T.self as? any ExpressibleByStringLiteral.Type, let value = string(type) as? T { return value }
        if let type = T.self as? any ExpressibleByBooleanLiteral.Type, let value = boolean(type) as? T { return value }
        if T.self == URL.self { return URL(string: "about:blank") as? T }
        if T.self == Date.self { return Date(timeIntervalSince1970: 0) as? T }
        if T.self == Data.self { return Data() as? T }
        if T.self == DateComponents.self { return DateComponents() as? T }
        return nil
    }

    private static func integer<I: ExpressibleByIntegerLiteral>(_ type: I.Type) -> I? {
        (0 as? I.IntegerLiteralType).map(I.init(integerLiteral:))
    }

    private static func string<S: ExpressibleByStringLiteral>(_ type: S.Type) -> S? {
        ("" as? S.StringLiteralType).map(S.init(stringLiteral:))
    }

    private static func boolean<B: ExpressibleByBooleanLiteral>(_ type: B.Type) -> B? {
        (false as? B.BooleanLiteralType).map(B.init(booleanLiteral:))
    }

    /// Resolves every registration of `container` made without runtime arguments, once, and
    /// returns the property errors its throwing factories threw (a failed `requiredProperty`
    /// that no read recorded, such as a missing key), which are the check's to report, and
    /// whether an `@Injected` property failed (``PropertyInjectionFailure``).
    ///
    /// Swinject has no public list of registrations; the list comes from
    /// ``SwinjectRegistrationTable``. On an unknown Swinject layout nothing is found and the dry run
    /// resolves nothing; declared keys and reads already made are still checked.
    static func resolveAll(in container: Container) -> (errors: [PropertyError], injectionFailed: Bool) {
        let all = registrations(of: container)
        var thrownSoFar: [PropertyError] = []
        var injectionFailed = false
        $isActive.withValue(true) {
            for (position, (serviceType, name)) in all.enumerated() {
                // Printed by a `~>` that must stop the program in spite of the dry run.
                let report = { [weak container] () -> String in
                    let failures = (container?.propertyReadFailures ?? []) + thrownSoFar
                    var text =
                        failures.isEmpty
                        ? "no property problem so far" : PropertyCheckError(failures: failures).description
                    let rest = all[(position + 1)...].map { describe($0.0, name: $0.1) }
                    if !rest.isEmpty { text += "\nnot resolved yet: " + rest.joined(separator: ", ") }
                    return text
                }
                let thrown = FactoryErrors.collect(report: report) {
                    resolveOpened(serviceType, name: name, in: container)
                }.errors
                thrownSoFar += thrown.compactMap { $0 as? PropertyError }
                injectionFailed = injectionFailed || thrown.contains { $0 is PropertyInjectionFailure }
            }
        }
        return (thrownSoFar, injectionFailed)
    }

    /// `Service` or `Service (name: "name")`.
    private static func describe(_ type: Any.Type, name: String?) -> String {
        let shown = TypeNames.short(type)
        return name.map { "\(shown) (name: \"\($0)\")" } ?? shown
    }

    private static func resolveOpened<Service>(_ type: Service.Type, name: String?, in container: Container) -> Bool {
        container.resolve(type, name: name) != nil
    }

    private static func registrations(of container: Container) -> [(Any.Type, String?)] {
        // A factory that takes only the resolver has `(Resolver)` as its arguments type.
        // Each type's name is rendered once: many registrations share a type under other names.
        var typeNames: [ObjectIdentifier: String] = [:]
        var found: [(order: String, type: Any.Type, name: String?)] = []
        for registration in SwinjectRegistrationTable.registrations(of: container) ?? []
        where !registration.hasOption && registration.takesOnlyResolver {
            let type = ObjectIdentifier(registration.serviceType)
            let typeName = typeNames[type] ?? TypeNames.qualified(registration.serviceType)
            typeNames[type] = typeName
            found.append((typeName + (registration.name ?? ""), registration.serviceType, registration.name))
        }
        // Each sort key is rendered once, not at every comparison.
        return found.sorted { $0.order < $1.order }.map { ($0.type, $0.name) }
    }
}
