/// How an ``Injector`` provides a service: one instance, one instance made on first use, or a new
/// instance each time.
///
/// ```swift
/// try injector.register(as: PFoo.self, injection: .singleton(Foo()))
/// try injector.register(as: PBar.self, injection: .lazySingleton { Bar() })
/// try injector.register(as: PBaz.self, injection: .factory { Baz() })
/// ```
///
/// The Discoverer seed calls this type `Injectable<Service>` in places; here `Injectable` is the
/// protocol for implicitly creatable types (the Swifjection model), and `Injection` is this value.
///
/// Closures are `@Sendable` because the injector may run them on any thread. The services themselves
/// need not be `Sendable`, but a singleton is handed to every caller on every thread, so a singleton
/// used from several threads must be thread-safe itself.
///
/// `Injection` is an enum, as in Discoverer, so code can `switch` over its cases.
public enum Injection<Service> {
    /// A factory closure; the injector may run it on any thread.
    public typealias Factory = @Sendable () -> Service

    /// Always provides the instance.
    case singleton(_ value: Service)
    /// The Discoverer spelling, `.lazySingleton(nil, { Foo() })`: provides the instance when it is not
    /// nil, otherwise calls the factory on first use and provides that instance from then on. The
    /// factory runs once, even when many threads ask at the same moment.
    case lazySingleton(_ value: Service?, _ factory: Factory)
    /// Calls the factory for every request.
    case factory(_ factory: Factory)

    /// Calls `factory` on first use and provides that instance from then on. The factory runs once,
    /// even when many threads ask at the same moment.
    ///
    /// Lazy singletons of every injector are created under one process-wide lock, so that two
    /// injectors whose lazy singletons need each other's cannot deadlock; while a factory runs, other
    /// threads wait to create lazy singletons or to resolve Swinject registrations through any
    /// injector. Keep factories short (connect to servers in a start-up step, not in a factory).
    public static func lazySingleton(_ factory: @escaping Factory) -> Injection {
        .lazySingleton(nil, factory)
    }
}

/// An `Injection` of a `Sendable` service is `Sendable`.
extension Injection: Sendable where Service: Sendable {}
