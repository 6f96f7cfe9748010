import Swinject

/// The Swinject objects behind an injector.
///
/// `@unchecked Sendable`: Swinject's `Container` and `Resolver` are not `Sendable`. The injector
/// resolves only through `resolver`, a `synchronize()`d view that takes Swinject's recursive lock, and
/// writes to `container` only to add forwarding registrations, under that same lock
/// (``Injector/withSwinjectLock(_:)``). Both containers get their behaviors in `Injector.init`, before
/// the injector is shared, and never again. User code touches `container` under Swinject's usual
/// rule: configure first.
final class SwinjectHandle: @unchecked Sendable {
    let container: Container
    let resolver: any Resolver

    init(container: Container) {
        self.container = container
        self.resolver = container.synchronize()
    }
}

/// Work to run under Swinject's lock (see ``Injector/withSwinjectLock(_:)``). Used by one thread.
final class SwinjectLockWork {
    private let body: () -> Void
    private(set) var didRun = false

    init(_ body: @escaping () -> Void) { self.body = body }

    func run() {
        didRun = true
        body()
    }
}

/// The value of the internal Swinject registration that runs a ``SwinjectLockWork``.
struct SwinjectLockToken {}

/// The key option of the internal ``SwinjectLockToken`` registration.
struct SwinjectLockTokenOption: ServiceKeyOption {
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool { another is SwinjectLockTokenOption }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(SwinjectLockTokenOption.self)) }
    var description: String { "SwinjectInjection.lock" }
}
