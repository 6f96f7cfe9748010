public import Swinject

// What every `autoregister` entry point does with the factory it built: checks the runtime
// argument types against the initializer, registers the factory with Swinject (guarded against
// cycles when it takes no runtime arguments) and records the registration in the manifest that
// `verify()`, `dependencyGraph()` and `resolveOrThrow` read. Not inlinable: none of it runs on a
// resolve.
extension Container {
    /// Registers an autoregistered factory and records it in the manifest.
    ///
    /// A factory without runtime arguments runs inside a frame of the thread's resolution stack,
    /// so a dependency cycle is reported as a ``ResolutionError/Code/cycle`` failure when the
    /// factory is entered a third time, before Swinject's depth limit traps (a second entry is how
    /// Swinject's `initCompleted` cycles end; see ``ResolutionContext``). Factories with runtime
    /// arguments are left out: a closure may resolve the same service with other arguments on
    /// purpose (a tree built by recursion), which is not a cycle.
    @usableFromInline
    func registerAndRecord<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError? = nil,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        let tracked = RegistrationTracking.start(on: self)
        var problem = problem
        let entry: ServiceEntry<Service>
        if ServiceTypeCheck.acceptsAnyValue(Service.self) {
            // Swinject's `resolve` cannot return nil for such a type (see `ServiceTypeCheck`), so
            // the registration is kept under an option that `resolve` never looks up.
            problem = problem ?? ServiceTypeCheck.problem(service: service, name: name, parameters: parameters)
            entry = _register(
                service, factory: { (_: Arguments) -> Any in ResolutionFailureMarker() }, name: name,
                option: UnusableRegistrationOption())
        } else if argumentTypes.isEmpty && problem == nil {
            let identity = FactoryIdentity(service: service, name: name, parameters: parameters)
            entry = _register(service, factory: Self.guardedAgainstCycles(factory, identity: identity), name: name)
        } else {
            entry = _register(service, factory: factory, name: name)
        }
        let info = AutoregistrationInfo(
            parameters: parameters, argumentTypes: argumentTypes, invoker: invoker, problem: problem)
        tracked.attach(info, to: RegistrationKey(service: Service.self, arguments: Arguments.self, name: name))
        return entry
    }

    /// `factory` run inside a frame of the thread's resolution stack (see
    /// ``registerAndRecord(_:name:parameters:argumentTypes:invoker:problem:factory:)``).
    private static func guardedAgainstCycles<Arguments>(
        _ factory: @escaping (Arguments) -> Any, identity: FactoryIdentity
    ) -> (Arguments) -> Any {
        { arguments in
            let context = ResolutionContext.current
            guard context.enter(identity) else { return ResolutionFailureMarker() }
            defer { context.leave() }
            let cycles = context.cycles
            let service = factory(arguments)
            // A cycle found below this factory left it built from a partial graph: it fails too.
            return context.cycles == cycles ? service : ResolutionFailureMarker()
        }
    }

    /// Registers `factory` for one runtime argument of type `A`, after checking that exactly one
    /// initializer parameter has that type.
    ///
    /// `Arguments` is always `(any Resolver, A)`. It is a generic parameter, like the one of
    /// Swinject's `_register` that receives the factory, so the factory closure is compiled
    /// taking the argument tuple as one value, the way Swinject calls it. Typed
    /// `((any Resolver, A)) -> Any` here, the closure would take the tuple's elements separately
    /// and every resolve would go through two more conversion thunks on the way in (the same
    /// holds for two and three arguments).
    @usableFromInline
    func registerCheckingArguments<Service, A, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        argument: A.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(Arguments.self == (any Resolver, A).self, "an autoregistered factory takes (any Resolver, A)")
        let argumentTypes: [Any.Type] = [A.self]
        return registerCheckingArguments(
            service, name: name, argumentTypes: argumentTypes,
            parameters: dependencyInfos(repeat (each D).self, arguments: argumentTypes), factory: factory
        ) { resolver, values in
            guard values.count == 1, let first = values[0] as? A else { return nil }
            return resolver.resolve(Service.self, name: name, argument: first)
        }
    }

    /// Registers `factory` for two runtime arguments, after checking their types against the
    /// initializer's parameters.
    @usableFromInline
    func registerCheckingArguments<Service, A, B, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(Arguments.self == (any Resolver, A, B).self, "an autoregistered factory takes (any Resolver, A, B)")
        let argumentTypes: [Any.Type] = [A.self, B.self]
        return registerCheckingArguments(
            service, name: name, argumentTypes: argumentTypes,
            parameters: dependencyInfos(repeat (each D).self, arguments: argumentTypes), factory: factory
        ) { resolver, values in
            guard values.count == 2, let a = values[0] as? A, let b = values[1] as? B else { return nil }
            return resolver.resolve(Service.self, name: name, arguments: a, b)
        }
    }

    /// Registers `factory` for three runtime arguments, after checking their types against the
    /// initializer's parameters.
    @usableFromInline
    func registerCheckingArguments<Service, A, B, C, Arguments, each D>(
        _ service: Service.Type,
        name: String?,
        arguments first: A.Type,
        _ second: B.Type,
        _ third: C.Type,
        initializer: @escaping (repeat each D) throws -> Service,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        assert(
            Arguments.self == (any Resolver, A, B, C).self, "an autoregistered factory takes (any Resolver, A, B, C)")
        let argumentTypes: [Any.Type] = [A.self, B.self, C.self]
        return registerCheckingArguments(
            service, name: name, argumentTypes: argumentTypes,
            parameters: dependencyInfos(repeat (each D).self, arguments: argumentTypes), factory: factory
        ) { resolver, values in
            guard values.count == 3, let a = values[0] as? A, let b = values[1] as? B, let c = values[2] as? C
            else { return nil }
            return resolver.resolve(Service.self, name: name, arguments: a, b, c)
        }
    }

    /// Registers `factory` with the runtime argument types `argumentTypes`, or, when they do not
    /// match the initializer's `parameters`, a registration that can never produce its service:
    /// resolving it yields nil, `resolveOrThrow` throws the problem and `verify()` reports it.
    /// `invoker` resolves the registration from type-erased argument values (see
    /// ``AutoregistrationInfo/invoker``).
    private func registerCheckingArguments<Service, Arguments>(
        _ service: Service.Type,
        name: String?,
        argumentTypes: [Any.Type],
        parameters: [DependencyInfo],
        factory: @escaping (Arguments) -> Any,
        invoker: @escaping @Sendable (any Resolver, [Any]) -> Any?
    ) -> ServiceEntry<Service> {
        if let problem = ArgumentValidation.problem(
            service: service, name: name, arguments: argumentTypes, parameters: parameters)
        {
            return registerAndRecord(
                service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: nil,
                problem: problem
            ) { (_: Arguments) -> Any in
                ResolutionFailureMarker()
            }
        }
        return registerAndRecord(
            service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: invoker,
            factory: factory)
    }
}
