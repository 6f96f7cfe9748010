package import Swinject
import Synchronization

/// A container that answers for another one on a task: a child of that container holding one
/// test's registrations, seen through Swinject's synchronized resolver.
///
/// Swinject's `resolve` on the original container has no hook, and registering on a container that
/// parallel tests resolve from would race, so an override never touches the original container:
/// the registrations go to a new child container, and the resolve paths that know about overrides
/// (``ContainerOverrideScopes/effective(_:)``) answer from the child. Factories registered on the
/// original container run with the child as their resolver, so their `r.resolve` calls see the
/// overrides too.
///
/// `@unchecked Sendable`: `container` is configured before the scope is bound to a task and only
/// resolved from afterwards, through `synchronize()`, whose lock its whole lineage shares.
package final class ContainerOverrideScope: @unchecked Sendable {
    /// The synchronized view of the child container that holds the overrides.
    package let container: Container

    package init(container: Container) {
        self.container = container
    }
}

/// The container override scopes of the current task, keyed by the container they override.
package enum ContainerOverrideScopes {
    @TaskLocal package static var current: [ObjectIdentifier: ContainerOverrideScope] = [:]

    /// Whether a scope was ever opened in this process. Until then ``effective(_:)`` costs one
    /// relaxed load; it never goes back to `false`, since a task started inside a scope keeps it.
    static let wasUsed = Atomic<Bool>(false)

    /// Whether a scope was ever opened in this process: a caller that checks this first touches
    /// no container until a test opens one.
    package static var anyOpened: Bool { wasUsed.load(ordering: .relaxed) }

    /// The container that answers for `container` on this task: the innermost override scope's
    /// child container, or `container` itself.
    package static func effective(_ container: Container) -> Container {
        guard wasUsed.load(ordering: .relaxed) else { return container }
        return current[ObjectIdentifier(container)]?.container ?? container
    }

    /// The resolver that answers for `resolver` on this task: for a container with an override
    /// scope, the scope's child container; otherwise `resolver` itself. Our resolve entry points
    /// (`resolveOrThrow`, `~>`, the injector's path to Swinject registrations) start here, so a
    /// test's overrides reach them; Swinject's own `resolve` has no such hook.
    @inline(__always)
    package static func effective(resolver: any Resolver) -> any Resolver {
        guard wasUsed.load(ordering: .relaxed), let container = resolver as? Container else { return resolver }
        return current[ObjectIdentifier(container)]?.container ?? resolver
    }

    /// The child container of this task's override scope for `container`, if there is one.
    @inline(__always)
    package static func overridingContainer(for container: Container) -> Container? {
        guard wasUsed.load(ordering: .relaxed) else { return nil }
        return current[ObjectIdentifier(container)]?.container
    }

    /// The scope table of the current task with a new scope for `container`: a child of the
    /// container that answers for it now (so scopes nest), filled by `configure`. Bind the result
    /// to ``current`` to open the scope.
    package static func opening(
        _ container: Container, _ configure: (Container) throws -> Void
    ) rethrows -> [ObjectIdentifier: ContainerOverrideScope] {
        wasUsed.store(true, ordering: .relaxed)
        let child = Container(parent: effective(container))
        try configure(child)
        let view = child.synchronize() as? Container ?? child
        var scopes = current
        scopes[ObjectIdentifier(container)] = ContainerOverrideScope(container: view)
        return scopes
    }
}
