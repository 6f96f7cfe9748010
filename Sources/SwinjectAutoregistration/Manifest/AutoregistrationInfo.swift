import Swinject

/// What `autoregister` knows about a registration beyond what Swinject stores.
///
/// A class, immutable once made: a manifest record holds it by reference, so reading or copying
/// a record (as `verify()` does for every registration) costs one retain rather than a copy of
/// every array, closure and error inside. The factory of an autoregistration without runtime
/// arguments captures it too and pushes it on the thread's resolution stack while it runs
/// (``guarded(_:)``), so one object serves the manifest, the cycle guard and the failure report.
@usableFromInline final class AutoregistrationInfo: Sendable {
    /// The registered service type.
    let service: Any.Type
    /// The registration name.
    let name: String?
    /// Every initializer parameter, in order, with the runtime arguments marked.
    var parameters: [DependencyInfo] {
        switch storedParameters {
        case .list(let parameters):
            return parameters
        case .types(let list):
            return list.types.map { DependencyInfo($0) }
        }
    }
    /// The parameters as given, or, for an autoregistration without runtime arguments, their
    /// types alone, described when something reads ``parameters``: every `autoregister` makes an
    /// info, and most are never read (only `verify()`, the graph and failures read them), so
    /// building the list each time would cost an array and a description of every parameter.
    private let storedParameters: StoredParameters
    /// The runtime argument types, in registration order.
    let argumentTypes: [Any.Type]
    /// Resolves the registration from type-erased argument values, casting each value to the
    /// registered (possibly existential) argument type first. Used when Swift opened an
    /// existential argument at the call site.
    let invoker: (@Sendable (any Resolver, [Any]) -> Any?)?
    /// Why the registration can never produce its service (its argument types do not match the
    /// initializer), or nil.
    let problem: ResolutionError?

    /// The details of an autoregistration of `service` without runtime arguments.
    @usableFromInline init(service: Any.Type, name: String?, parameters: [DependencyInfo]) {
        self.service = service
        self.name = name
        self.storedParameters = .list(parameters)
        self.argumentTypes = []
        self.invoker = nil
        self.problem = nil
    }

    /// The details of an autoregistration of `service` without runtime arguments whose
    /// initializer takes the parameters `parameterTypes` lists (`ParameterTypes<P1, P2>.self`).
    @usableFromInline init(service: Any.Type, name: String?, parameterTypes: any ParameterTypeList.Type) {
        self.service = service
        self.name = name
        self.storedParameters = .types(parameterTypes)
        self.argumentTypes = []
        self.invoker = nil
        self.problem = nil
    }

    init(
        service: Any.Type,
        name: String?,
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError?
    ) {
        self.service = service
        self.name = name
        self.storedParameters = .list(parameters)
        self.argumentTypes = argumentTypes
        self.invoker = invoker
        self.problem = problem
    }

    /// The details of an async autoregistration, which records its chain links itself and so
    /// never needs ``service`` or ``name`` from here.
    convenience init(
        parameters: [DependencyInfo],
        argumentTypes: [Any.Type],
        invoker: (@Sendable (any Resolver, [Any]) -> Any?)?,
        problem: ResolutionError? = nil
    ) {
        self.init(
            service: Any.self, name: nil, parameters: parameters, argumentTypes: argumentTypes, invoker: invoker,
            problem: problem)
    }

    /// The same details with `problem` set.
    func with(problem: ResolutionError) -> AutoregistrationInfo {
        AutoregistrationInfo(
            service: service, name: name, parameters: parameters, argumentTypes: argumentTypes, invoker: invoker,
            problem: problem)
    }

    /// ``parameters`` as given or as types (see ``storedParameters``).
    private enum StoredParameters {
        case list([DependencyInfo])
        case types(any ParameterTypeList.Type)
    }

    /// The parameters resolved from the container.
    var dependencies: [DependencyInfo] { parameters.filter { !$0.isArgument } }

    /// The registration as a link of a failure's chain, with its initializer's signature.
    var link: ChainLink { FactoryIdentity(service: service, name: name, parameters: parameters).link }
}
