public import Swinject

// SwinjectAutoregistration's spellings of `~>` with several runtime arguments written without an
// inner tuple: `r ~> (Cat.self, arguments: "Mimi", 3)`. They keep code written for it compiling;
// the tuple form, `r ~> (Cat.self, arguments: ("Mimi", 3))`, is the one this package documents,
// since its argument list reads as one value.
//
// Swift lets a tuple's labels differ from the parameter's in these positions, so the unnamed forms
// also match the tuple forms and the named forms: they are disfavored, which keeps every other
// spelling resolving as before.

/// Resolves a service with two runtime arguments, written without the inner tuple.
@_disfavoredOverload
@available(*, deprecated, message: "write r ~> (Service.self, arguments: (a, b))")
public func ~> <Service, A, B>(resolver: any Resolver, target: (Service.Type, arguments: A, B)) -> Service {
    resolveOrTrap(resolver, target.0, name: nil, arguments: (target.arguments, target.2))
}

/// Resolves a named service with two runtime arguments, written without the inner tuple.
@available(*, deprecated, message: "write r ~> (Service.self, name: name, arguments: (a, b))")
public func ~> <Service, A, B>(
    resolver: any Resolver,
    target: (Service.Type, name: String, arguments: A, B)
) -> Service {
    resolveOrTrap(resolver, target.0, name: target.name, arguments: (target.arguments, target.3))
}

/// Resolves a service with three runtime arguments, written without the inner tuple.
@_disfavoredOverload
@available(*, deprecated, message: "write r ~> (Service.self, arguments: (a, b, c))")
public func ~> <Service, A, B, C>(resolver: any Resolver, target: (Service.Type, arguments: A, B, C)) -> Service {
    resolveOrTrap(resolver, target.0, name: nil, arguments: (target.arguments, target.2, target.3))
}

/// Resolves a named service with three runtime arguments, written without the inner tuple.
@available(*, deprecated, message: "write r ~> (Service.self, name: name, arguments: (a, b, c))")
public func ~> <Service, A, B, C>(
    resolver: any Resolver,
    target: (Service.Type, name: String, arguments: A, B, C)
) -> Service {
    resolveOrTrap(resolver, target.0, name: target.name, arguments: (target.arguments, target.3, target.4))
}
