public import Swinject
import SwinjectKitSupport

/// Resolves a service whose type is inferred from context: `PetOwner(pet: r~>)`.
postfix operator ~>

// The infix `~>` is declared by the standard library (`DefaultPrecedence`); redeclaring it
// would make every use ambiguous, so only the functions are defined here.

/// Resolves the service type the context expects.
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r~>) }
/// ```
///
/// Traps with the full ``ResolutionError`` explanation when the service cannot be resolved.
public postfix func ~> <Service>(resolver: any Resolver) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in try resolver.resolveOrThrow(Service.self) }
}

/// Resolves `service`: `r ~> Cat.self`. Traps with an explanation when it cannot.
public func ~> <Service>(resolver: any Resolver, service: Service.Type) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in try resolver.resolveOrThrow(service) }
}

/// Resolves a named service: `r ~> (Cat.self, name: "mimi")`. Traps with an explanation when it cannot.
public func ~> <Service>(resolver: any Resolver, target: (service: Service.Type, name: String)) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in
        try resolver.resolveOrThrow(target.service, name: target.name)
    }
}

/// Resolves a service with one runtime argument: `r ~> (Cat.self, argument: "Mimi")`.
///
/// Finds registrations made with a protocol argument type even when the value's dynamic type
/// differs. Traps with an explanation when it cannot resolve.
public func ~> <Service, A>(resolver: any Resolver, target: (service: Service.Type, argument: A)) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in
        try resolver.resolveOrThrow(target.service, argument: target.argument)
    }
}

/// Resolves a named service with one runtime argument: `r ~> (Cat.self, name: "mimi", argument: "Mimi")`.
public func ~> <Service, A>(
    resolver: any Resolver,
    target: (service: Service.Type, name: String, argument: A)
) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in
        try resolver.resolveOrThrow(target.service, name: target.name, argument: target.argument)
    }
}

/// Resolves a service with two runtime arguments: `r ~> (Cat.self, arguments: ("Mimi", 3))`.
public func ~> <Service, A, B>(
    resolver: any Resolver,
    target: (service: Service.Type, arguments: (A, B))
) -> Service {
    resolveOrTrap(resolver, target.service, name: nil, arguments: target.arguments)
}

/// Resolves a named service with two runtime arguments.
public func ~> <Service, A, B>(
    resolver: any Resolver,
    target: (service: Service.Type, name: String, arguments: (A, B))
) -> Service {
    resolveOrTrap(resolver, target.service, name: target.name, arguments: target.arguments)
}

/// Resolves a service with three runtime arguments: `r ~> (Cat.self, arguments: ("Mimi", 3, true))`.
public func ~> <Service, A, B, C>(
    resolver: any Resolver,
    target: (service: Service.Type, arguments: (A, B, C))
) -> Service {
    resolveOrTrap(resolver, target.service, name: nil, arguments: target.arguments)
}

/// Resolves a named service with three runtime arguments.
public func ~> <Service, A, B, C>(
    resolver: any Resolver,
    target: (service: Service.Type, name: String, arguments: (A, B, C))
) -> Service {
    resolveOrTrap(resolver, target.service, name: target.name, arguments: target.arguments)
}

/// Resolves `service` under `name` with two runtime arguments, or traps with the explanation.
func resolveOrTrap<Service, A, B>(
    _ resolver: any Resolver, _ service: Service.Type, name: String?, arguments: (A, B)
) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in
        try resolver.resolveOrThrow(service, name: name, arguments: arguments.0, arguments.1)
    }
}

/// Resolves `service` under `name` with three runtime arguments, or traps with the explanation.
func resolveOrTrap<Service, A, B, C>(
    _ resolver: any Resolver, _ service: Service.Type, name: String?, arguments: (A, B, C)
) -> Service {
    resolveOrTrap { () throws(ResolutionError) -> Service in
        try resolver.resolveOrThrow(service, name: name, arguments: arguments.0, arguments.1, arguments.2)
    }
}

/// Runs `body`; a resolution failure stops the program with its explanation, since an operator
/// that returns a non-optional service has no other way to report it.
///
/// During a start-up check (the property check's dry run, `verify(.resolvingEach)`) the failure
/// is handed to the check instead, and the service is built once more with stand-ins for the
/// required reads that failed, so the check sees every factory and returns its report. Only a
/// service that fails for another reason (not registered, a cycle, a factory that threw something
/// else) still stops, after the check's report so far is printed.
func resolveOrTrap<Service>(_ body: () throws(ResolutionError) -> Service) -> Service {
    do {
        return try body()
    } catch {
        return handOffOrTrap(error, retrying: body)
    }
}

/// The failure path of ``resolveOrTrap(_:)``.
@inline(never)
private func handOffOrTrap<Service>(
    _ error: ResolutionError, retrying body: () throws(ResolutionError) -> Service
) -> Service {
    if FactoryErrors.isCollecting {
        FactoryErrors.post(error)
        if let value = FactoryErrors.retryWithStandIns({ try? body() }) { return value }
    }
    var message = error.description
    // The autoregistered services being built around the closure that used `~>`.
    let outer = ResolutionContext.slot.withCurrent { $0.openLinks() }.map(\.display)
    if !outer.isEmpty {
        message += "\n  requested inside: " + DiagnosticText.chain(outer + ["…"] + error.chain)
    }
    if let site = FactorySite.innermostOutsideLibrary() {
        message += "\n  requested with ~> by the factory at \(site)"
    }
    FactoryErrors.trap(message)
}
