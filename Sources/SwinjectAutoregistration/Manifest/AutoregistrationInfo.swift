import Swinject

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
