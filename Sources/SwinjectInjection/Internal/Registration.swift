import Synchronization

/// The registry key: the type's identity (not its name, so `Outer.Foo` and `Foo` differ) and the name.
struct RegistryKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init<Service>(_ type: Service.Type, name: String?) {
        self.type = ObjectIdentifier(type)
        self.name = name
    }
}

/// Holds a service so it can cross a lock or be stored in a `Sendable` registration.
///
/// `@unchecked Sendable`: `value` is immutable. The injector deliberately hands the same instance to
/// every caller on every thread (documented on ``Injection``); a service used that way must be
/// thread-safe itself, which the type system cannot express for non-`Sendable` services.
final class ServiceBox<Service>: AnyServiceBox, @unchecked Sendable {
    let value: Service
    init(_ value: Service) { self.value = value }
}

/// The non-generic base of ``ServiceBox``, so a lazy singleton's slot is a concrete `Mutex` type.
///
/// `@unchecked Sendable`: it has no state.
class AnyServiceBox: @unchecked Sendable {}

/// A type-erased registration, stored in the registry dictionary.
protocol AnyRegistration: AnyObject, Sendable {}

extension AnyRegistration {
    /// The registration as the `Registration<Service>` it is.
    ///
    /// The registry stores a `Registration<Service>` only under a key made from `Service.self`, and a
    /// key is looked up only with the same `Service`, so the cast always holds; an unchecked cast keeps
    /// the lookup free of a dynamic cast.
    func unsafeCast<Service>(to type: Service.Type) -> Registration<Service> {
        unsafeDowncast(self, to: Registration<Service>.self)
    }
}

/// How one registration produces its service.
///
/// The kind is stored flattened (an optional instance, an optional closure, a flag) rather than as a
/// generic enum, so that resolving from outside the module needs no generic metadata lookups.
final class Registration<Service>: AnyRegistration {
    enum Kind: Sendable {
        /// A fixed instance.
        case instance(ServiceBox<Service>)
        /// Created once by the closure, under the injector's creation lock.
        case lazy(@Sendable (Injector) throws(InjectionError) -> Service)
        /// Created by the closure on every request.
        case factory(@Sendable (Injector) throws(InjectionError) -> Service)
    }

    /// A singleton's instance.
    let instance: ServiceBox<Service>?
    /// A factory, or the creator of a lazy singleton.
    let make: (@Sendable (Injector) throws(InjectionError) -> Service)?
    /// Whether `make` creates a lazy singleton.
    let isLazy: Bool
    /// The instance of a lazy singleton once created (a `ServiceBox<Service>`).
    let created = Mutex<AnyServiceBox?>(nil)

    init(_ kind: Kind) {
        switch kind {
        case .instance(let box):
            (instance, make, isLazy) = (box, nil, false)
        case .lazy(let create):
            (instance, make, isLazy) = (nil, create, true)
        case .factory(let create):
            (instance, make, isLazy) = (nil, create, false)
        }
    }

    convenience init(_ injection: Injection<Service>) {
        switch injection.storage {
        case .instance(let box): self.init(.instance(box))
        case .lazy(let factory): self.init(.lazy { _ in factory() })
        case .factory(let factory): self.init(.factory { _ in factory() })
        }
    }

    /// The lazy singleton, if created.
    var createdInstance: ServiceBox<Service>? {
        created.withLock { $0 }.map { unsafeDowncast($0, to: ServiceBox<Service>.self) }
    }
}
