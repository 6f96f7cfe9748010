public import Swinject

// The upstream spellings of `~>` with several runtime arguments written without an inner tuple:
// `r ~> (Cat.self, arguments: "Mimi", 3)`. Code written for SwinjectAutoregistration compiles
// unchanged and without warnings; the tuple form, `r ~> (Cat.self, arguments: ("Mimi", 3))`, is
// the one this package's docs show, since its argument list reads as one value.
//
// Swift lets a tuple's labels differ from the parameter's in these positions, so the unnamed forms
// also match the tuple forms and the named forms: they are disfavored, which keeps every other
// spelling resolving as before.

/// Resolves a service with two runtime arguments, written without the inner tuple
/// (the upstream spelling).
@_disfavoredOverload
public func ~> <Service, A, B>(resolver: any Resolver, target: (Service.Type, arguments: A, B)) -> Service {
    resolveOrTrap(resolver, target.0, name: nil, arguments: (target.arguments, target.2))
}

/// Resolves a named service with two runtime arguments, written without the inner tuple
/// (the upstream spelling).
public func ~> <Service, A, B>(
    resolver: any Resolver,
    target: (Service.Type, name: String, arguments: A, B)
) -> Service {
    resolveOrTrap(resolver, target.0, name: target.name, arguments: (target.arguments, target.3))
}

/// Resolves a service with three runtime arguments, written without the inner tuple
/// (the upstream spelling).
@_disfavoredOverload
public func ~> <Service, A, B, C>(resolver: any Resolver, target: (Service.Type, arguments: A, B, C)) -> Service {
    resolveOrTrap(resolver, target.0, name: nil, arguments: (target.arguments, target.2, target.3))
}

/// Resolves a named service with three runtime arguments, written without the inner tuple
/// (the upstream spelling).
public func ~> <Service, A, B, C>(
    resolver: any Resolver,
    target: (Service.Type, name: String, arguments: A, B, C)
) -> Service {
    resolveOrTrap(resolver, target.0, name: target.name, arguments: (target.arguments, target.3, target.4))
}
