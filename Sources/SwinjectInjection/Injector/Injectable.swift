/// A type an ``Injector`` can create without a registration (the Swifjection model).
///
/// When an unregistered `Injectable` type is requested, the injector calls ``init(injector:)`` and
/// then ``injectDependencies(injector:)``. A registered one follows its registration.
///
/// ```swift
/// final class Bar: Injectable {
///     var foo: Foo?
///     init() {}
///     convenience init?(injector: Injector) { self.init() }
///     func injectDependencies(injector: Injector) {
///         foo = injector.getObject(withType: Foo.self)
///     }
/// }
/// ```
///
/// Implicit creation is cycle-safe: if `A` needs `B` and `B` needs `A`, `try injector.get(A.self)`
/// throws ``InjectionError/cycle`` with the chain `A → B → A`, and `getObject` returns nil.
///
/// The protocol refines `SendableMetatype` because the injector may create the type on any thread;
/// the conformance cannot be isolated to a global actor.
public protocol Injectable: SendableMetatype {
    /// Creates the value; return nil when it cannot be made.
    init?(injector: Injector)

    /// Called right after ``init(injector:)``; fetch dependencies here. The default does nothing.
    func injectDependencies(injector: Injector)
}

extension Injectable {
    /// Does nothing.
    public func injectDependencies(injector: Injector) {}
}
