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
public struct Injection<Service> {
    enum Storage {
        case instance(ServiceBox<Service>)
        case lazy(@Sendable () -> Service)
        case factory(@Sendable () -> Service)
    }

    let storage: Storage

    /// Always provides `instance`.
    public static func singleton(_ instance: Service) -> Injection {
        Injection(storage: .instance(ServiceBox(instance)))
    }

    /// Calls `factory` on first use and provides that instance from then on. The factory runs once,
    /// even when many threads ask at the same moment.
    public static func lazySingleton(_ factory: @escaping @Sendable () -> Service) -> Injection {
        Injection(storage: .lazy(factory))
    }

    /// The Discoverer spelling, `.lazySingleton(nil, { Foo() })`: provides `instance` when it is not
    /// nil, otherwise behaves like ``lazySingleton(_:)``.
    public static func lazySingleton(
        _ instance: Service?,
        _ factory: @escaping @Sendable () -> Service
    ) -> Injection {
        if let instance { return .singleton(instance) }
        return .lazySingleton(factory)
    }

    /// Calls `factory` for every request.
    public static func factory(_ factory: @escaping @Sendable () -> Service) -> Injection {
        Injection(storage: .factory(factory))
    }
}

/// An `Injection` of a `Sendable` service is `Sendable`.
extension Injection: Sendable where Service: Sendable {}
