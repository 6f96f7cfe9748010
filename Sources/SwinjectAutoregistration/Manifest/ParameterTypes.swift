/// The parameter types of an initializer, kept as a type until something lists them.
///
/// Every fixed-arity `autoregister` records its parameters, and most records are never read
/// (only `verify()`, the graph and failures read them), so a registration passes
/// `ParameterTypes<P1, P2, P3>.self` and the list is built when ``types`` is first asked for.
@usableFromInline protocol ParameterTypeList: SendableMetatype {
    /// The parameter types, in order.
    static var types: [Any.Type] { get }
}

/// The ``ParameterTypeList`` of an initializer taking `P`.
@usableFromInline struct ParameterTypes<each P>: ParameterTypeList {
    @usableFromInline static var types: [Any.Type] {
        var types: [Any.Type] = []
        for type in repeat (each P).self { types.append(type) }
        return types
    }
}
