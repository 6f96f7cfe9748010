import SwinjectKitSupport

/// The registry key: the type's identity (not its name, so `Outer.Foo` and `Foo` differ) and the name.
///
/// The key is made from the static type `Service`, never from the metatype value passed at run time:
/// a `Base.Type` variable may hold `Derived.self`, and a key made from that value would file a
/// `Registration<Base>` under `Derived`. Every registration and every lookup is generic over the
/// service type it stores or reads, so key and stored type agree by construction (the same rule
/// Swinject's `ServiceKey` follows).
struct RegistryKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    /// A key from its parts; `type` must be `ObjectIdentifier(Service.self)` of the service it keys.
    init(type: ObjectIdentifier, name: String?) {
        self.type = type
        self.name = name
    }

    /// The key of `Service` and `name`. The metatype argument only names `Service`; its run-time
    /// value is ignored.
    init<Service>(_: Service.Type, name: String?) {
        self.type = ObjectIdentifier(Service.self)
        self.name = name
    }
}

/// Holds a service so it can cross a lock or be stored in a `Sendable` registration.
///
/// `@unchecked Sendable`: `value` is immutable. The injector deliberately hands the same instance to
/// every caller on every thread (documented on ``Injection``); a service used that way must be
/// thread-safe itself, which the type system cannot express for non-`Sendable` services.
final class ServiceBox<Service>: @unchecked Sendable {
    let value: Service
    init(_ value: Service) { self.value = value }
}

/// What every registration holds whatever its service type, at offsets known without generic
/// metadata, so the registry's lock-free read can check a published registration's type.
///
/// `@unchecked Sendable`: `serviceType` is immutable; `isPublished` and `site` are read and written
/// only under the registry's lock.
class RegistrationBase: @unchecked Sendable {
    /// `ObjectIdentifier(Service.self)`.
    let serviceType: ObjectIdentifier
    /// Whether the registry published this registration for lock-free reads (see
    /// ``Registry/published(_:)``); it must then outlive any replacement.
    var isPublished = false
    /// Where it was registered, for the error of a second registration of its key; set under the
    /// registry's lock when it is stored.
    var site: CallSite?

    init(serviceType: ObjectIdentifier) {
        self.serviceType = serviceType
    }
}

/// A type-erased registration, stored in the registry dictionary.
protocol AnyRegistration: RegistrationBase, Sendable {
    /// The instance this registration holds or created, for `Injector.shutdown()` (see
    /// Async/Registration+Shutdown.swift).
    func createdInstance() -> CreatedInstance?
}

extension AnyRegistration {
    /// The registration as the `Registration<Service>` it is.
    ///
    /// The registry stores a `Registration<Service>` only under `RegistryKey(Service.self, ...)`
    /// (``Injector/store(_:as:name:replacing:site:)`` is generic over that `Service`), and a key is
    /// looked up only by code generic over the same `Service`, with ``RegistryKey`` built from the
    /// static type, never from a metatype value. So the cast always holds.
    func cast<Service>(to type: Service.Type) -> Registration<Service> {
        self as! Registration<Service>
    }
}

/// How one registration produces its service.
///
/// The kind is stored flattened (an optional instance, an optional closure, a flag) rather than as a
/// generic enum, so that resolving from outside the module needs no generic metadata lookups.
///
/// `@unchecked Sendable` (restated from ``RegistrationBase``): every stored property is immutable,
/// atomic, `Sendable`, or (`isCreating`) touched only under ``CreationLock``.
final class Registration<Service>: RegistrationBase, AnyRegistration, @unchecked Sendable {
    enum Kind: Sendable {
        /// A fixed instance.
        case instance(ServiceBox<Service>)
        /// Created once by the closure, under the injector's creation lock.
        case lazy(@Sendable (Injector) throws(InjectionError) -> Service)
        /// Created by the closure on every request.
        case factory(@Sendable (Injector) throws(InjectionError) -> Service)
    }

    /// A singleton's instance.
    let instance: ServiceStorage?
    /// A factory, or the creator of a lazy singleton.
    let make: (@Sendable (Injector) throws(InjectionError) -> Service)?
    /// An `Injection.factory` closure, called as it is: wrapping it in a `make` would cost a
    /// context allocation per registration and an indirect call per object.
    let factory: Injection<Service>.Factory?
    /// Whether `make` creates a lazy singleton.
    let isLazy: Bool
    /// A lazy singleton's ``ServiceStorage`` once created, which this registration retains.
    /// Published once, under the injector's creation lock; read with one atomic load. Only lazy
    /// registrations have one: each is a heap object (`register.injector.100`'s allocation count).
    private let createdStorage: CreatedSlot
    /// The async half of an ``AsyncInjection`` registration; its `make` then throws
    /// ``InjectionError/asyncOnly`` for synchronous requests.
    let asyncSource: (any AnyAsyncSource)?

    init(_ kind: Kind, asyncSource: (any AnyAsyncSource)? = nil) {
        self.asyncSource = asyncSource
        factory = nil
        switch kind {
        case .instance(let box):
            (instance, make, isLazy) = (ServiceStorage(box.value), nil, false)
        case .lazy(let create):
            (instance, make, isLazy) = (nil, create, true)
        case .factory(let create):
            (instance, make, isLazy) = (nil, create, false)
        }
        createdStorage = CreatedSlot(settable: isLazy)
        super.init(serviceType: ObjectIdentifier(Service.self))
    }

    /// The lazy singleton's storage, if it has been created.
    var created: ServiceStorage? {
        createdStorage.storage
    }

    /// The lazy singleton's storage, if it has been created, without retaining it: the
    /// registration keeps it alive until the registration itself goes away, so a caller that
    /// holds the registration may read it through `_withUnsafeGuaranteedRef`. The fast path
    /// reads a created lazy singleton this way, one retain and one release cheaper (both
    /// atomic) than through ``created``.
    // Benchmark: injector.get.lazySingleton
    @inline(__always)
    var unretainedCreated: Unmanaged<ServiceStorage>? {
        createdStorage.unretained
    }

    /// Whether the lazy singleton's factory is running now. Read and written only under
    /// ``CreationLock``, so only the thread that holds it can see `true`: a factory that asks for its
    /// own singleton.
    nonisolated(unsafe) var isCreating = false

    /// Stores the lazy singleton and publishes its storage. Called once, under the injector's
    /// creation lock. The storage is made here, from a `Service`, so every ``ServiceStorage`` a
    /// `Registration<Service>` holds stores a `Service` (what ``ServiceStorage/value(as:)`` assumes).
    func publishCreated(_ value: Service) {
        createdStorage.publish(ServiceStorage(value))
    }

    convenience init(_ injection: Injection<Service>) {
        switch injection {
        case .singleton(let value): self.init(.instance(ServiceBox(value)))
        case .lazySingleton(let value?, _): self.init(.instance(ServiceBox(value)))
        case .lazySingleton(nil, let factory): self.init(.lazy { _ in factory() })
        case .factory(let factory): self.init(factory: factory)
        }
    }

    /// A registration of an `Injection.factory` closure.
    init(factory: @escaping Injection<Service>.Factory) {
        (instance, make, isLazy, asyncSource) = (nil, nil, false, nil)
        createdStorage = CreatedSlot(settable: false)
        self.factory = factory
        super.init(serviceType: ObjectIdentifier(Service.self))
    }
}

/// One service instance in memory that is typed only where it is read.
///
/// The resolution fast path runs as unspecialized generic code (callers are in other modules), where
/// every `ServiceBox<Service>` or `Optional` of one costs a generic metadata lookup, several times the
/// price of the rest of the read. This storage is a non-generic class: reading it is a pointer load and
/// a copy of the value.
///
/// `@unchecked Sendable`: the value is written once, in the initializer, and never mutated; sharing it
/// across threads is the singleton contract documented on ``Injection``.
final class ServiceStorage: @unchecked Sendable {
    // Benchmark: injector.get.singleton, injector.get.lazySingleton, injected.singleton
    private let pointer: UnsafeMutableRawPointer
    private let destroy: (UnsafeMutableRawPointer) -> Void
    /// When the instance was stored or created, so that `shutdown()` goes in reverse order.
    let stamp = CreationOrder.next()
    /// Set by the `shutdown()` that shuts the instance down. Only under ``claims``.
    private nonisolated(unsafe) var shutdownClaimed = false
    /// Guards every storage's ``shutdownClaimed``: claims happen once per instance, at shutdown.
    private static let claims = Lock()

    // Benchmark: injector.get.singleton, injector.get.lazySingleton, injected.singleton
    init<Service>(_ value: Service) {
        let typed = UnsafeMutablePointer<Service>.allocate(capacity: 1)
        typed.initialize(to: value)
        pointer = UnsafeMutableRawPointer(typed)
        destroy = { raw in
            let typed = raw.assumingMemoryBound(to: Service.self)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
    }

    deinit {
        destroy(pointer)
    }

    /// Claims the shutdown of the instance; true for the first caller only.
    @Sendable func claimShutdown() -> Bool {
        Self.claims.withLock {
            defer { shutdownClaimed = true }
            return !shutdownClaimed
        }
    }

    /// The value, which must have been stored as a `Service`: a `Registration<Service>` creates its
    /// storage only from `Service` values and reads it only as `Service`.
    // Benchmark: injector.get.singleton, injector.get.lazySingleton, injected.singleton
    @inline(__always)
    func value<Service>(as type: Service.Type) -> Service {
        pointer.assumingMemoryBound(to: Service.self).pointee
    }
}
