import Swinject

/// The Swinject objects behind an injector.
///
/// `@unchecked Sendable`: Swinject's `Container` and `Resolver` are not `Sendable`. The injector
/// resolves only through `resolver`, a `synchronize()`d view that takes Swinject's recursive lock, and
/// writes to `container` only to add forwarding registrations, under that same lock
/// (``SwinjectContainerLock``). Both containers get their behaviors in `Injector.init`, before
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
