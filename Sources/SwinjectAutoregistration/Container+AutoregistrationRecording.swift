public import Swinject
import SwinjectKitSupport

// What every `autoregister` entry point does with the factory it built: checks the runtime
// argument types against the initializer, registers the factory with Swinject and records the
// registration in the manifest that `verify()`, `dependencyGraph()` and `resolveOrThrow` read.
// Not inlinable: none of it runs on a resolve.
extension Container {
    /// Registers the factory of an autoregistration without runtime arguments and records it in
    /// the manifest. The factory captures `info` and runs inside its cycle guard
    /// (``AutoregistrationInfo/guarded(_:)``).
    @usableFromInline
    func registerAutoregistration<Service, Arguments>(
        _ service: Service.Type,
        info: AutoregistrationInfo,
        factory: @escaping (Arguments) -> Any
    ) -> ServiceEntry<Service> {
        if ServiceTypeCheck.acceptsAnyValue(Service.self) {
            let unusable = info.with(
                problem: ServiceTypeCheck.problem(service: service, name: info.name, parameters: info.parameters))
            return RegistrationTracking.record(unusable, argumentsType: Arguments.self, on: self) {
                registerUnusable(service, name: info.name, arguments: Arguments.self)
            }
        }
        return RegistrationTracking.record(info, argumentsType: Arguments.self, on: self) {
            _register(service, factory: factory, name: info.name)
        }
    }

    /// Registers an autoregistered factory that takes runtime arguments and records it in the
    /// manifest.
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
        let unusable = ServiceTypeCheck.acceptsAnyValue(Service.self)
        let info = AutoregistrationInfo(
            service: service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: invoker,
            problem: unusable
                ? problem ?? ServiceTypeCheck.problem(service: service, name: name, parameters: parameters) : problem)
        return RegistrationTracking.record(info, argumentsType: Arguments.self, on: self) {
            unusable
                ? registerUnusable(service, name: name, arguments: Arguments.self)
                : _register(service, factory: factory, name: name)
        }
    }

    /// Registers a factory that never produces `service`, under an option that `resolve` never
    /// looks up: Swinject's `resolve` cannot return nil for a type that holds any value (see
    /// ``ServiceTypeCheck``).
    private func registerUnusable<Service, Arguments>(
        _ service: Service.Type, name: String?, arguments: Arguments.Type
    ) -> ServiceEntry<Service> {
        _register(
            service, factory: { (_: Arguments) -> Any in ResolutionFailureMarker() }, name: name,
            option: UnusableRegistrationOption())
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
