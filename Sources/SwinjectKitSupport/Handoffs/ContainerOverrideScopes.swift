package import Swinject

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// A container that answers for another one on a task: a child of that container holding one
/// test's registrations, seen through Swinject's synchronized resolver, and the instances of
/// kept scopes built while the scope is open.
///
/// An override never touches the original container: the registrations go to a new child
/// container. Two routes reach them. Our own resolve entry points (``ContainerOverrideScopes/effective(_:)``)
/// answer from the child. Swinject's own `resolve` reaches them through the one hook into
/// Swinject (the instance storage wrapper of usage tracking), which asks ``ContainerOverrideScopes/scope(covering:)``
/// before anything else: a service the child registers is resolved from the child, and a
/// container-scoped or weak service of the original lineage is kept in ``kept`` instead of in
/// the original storage, so an instance built with the test's fakes never outlives the scope and
/// parallel tests never share one.
///
/// `@unchecked Sendable`: `container` is configured before the scope is bound to a task and only
/// resolved from afterwards, through `synchronize()`, whose lock its whole lineage shares; the
/// kept instances sit behind a lock.
package final class ContainerOverrideScope: @unchecked Sendable {
    /// One registration the child makes, by service type and name.
    private struct Key: Hashable {
        let service: ObjectIdentifier
        let name: String?
    }

    /// The synchronized view of the child container that holds the overrides.
    package let container: Container
    /// The containers whose registrations this scope covers: the overridden one and its
    /// ancestors (all kept alive by the child's parent chain).
    private let lineage: Set<ObjectIdentifier>
    /// The registrations of the child that take only the resolver.
    private let overridden: Set<Key>
    private let keptInstances = LockedValue<[ObjectIdentifier: Any]>([:])

    package init(container: Container, overriding original: Container, registrations: [SwinjectRegistration]) {
        self.container = container
        lineage = Set(ContainerLineage.ancestry(of: original).map(ObjectIdentifier.init))
        overridden = Set(
            registrations.filter { !$0.hasOption && $0.takesOnlyResolver }
                .map { Key(service: ObjectIdentifier($0.serviceType), name: $0.name) })
    }

    /// Whether this scope answers for registrations of the container `owner`.
    package func covers(_ owner: ObjectIdentifier) -> Bool { lineage.contains(owner) }

    /// The test's instance of `serviceType`, when the scope registers one.
    package func overrideInstance(of serviceType: Any.Type, name: String?) -> Any? {
        guard overridden.contains(Key(service: ObjectIdentifier(serviceType), name: name)) else { return nil }
        func resolve<Service>(_ type: Service.Type) -> Any? { container.resolve(type, name: name) }
        return resolve(serviceType)
    }

    /// The instance kept for the registration `id` while the scope is open.
    package func kept(_ id: ObjectIdentifier) -> Any? {
        keptInstances.withLock { $0[id] }
    }

    /// Keeps `instance` for the registration `id` until the scope ends.
    package func keep(_ instance: Any?, for id: ObjectIdentifier) {
        keptInstances.withLock { $0[id] = instance }
    }
}

/// The container override scopes of the current task, keyed by the container they override.
package enum ContainerOverrideScopes {
    @TaskLocal package static var current: [ObjectIdentifier: ContainerOverrideScope] = [:]

    /// Whether a scope was ever opened in this process. Until then ``effective(_:)`` costs one
    /// relaxed load; it never goes back to `false`, since a task started inside a scope keeps it.
    static let wasUsed = StoredAtomic<Bool>(false)

    /// How many scopes are open in the process now: while none is, the storage hook pays one
    /// relaxed load and never reads the task-local table.
    static let openScopes = StoredAtomic<Int>(0)

    /// Whether a scope was ever opened in this process: a caller that checks this first touches
    /// no container until a test opens one.
    package static var anyOpened: Bool { wasUsed.load(ordering: .relaxed) }

    /// Whether an override scope is open on any task; while none is, no scope covers anything.
    package static var anyOpen: Bool { openScopes.load(ordering: .relaxed) > 0 }

    /// The scope of the current task that covers registrations of the container `owner`, if any.
    package static func scope(covering owner: ObjectIdentifier) -> ContainerOverrideScope? {
        guard openScopes.load(ordering: .relaxed) > 0 else { return nil }
        return coveringScope(owner)
    }

    private static func coveringScope(_ owner: ObjectIdentifier) -> ContainerOverrideScope? {
        current.values.first { $0.covers(owner) }
    }

    /// The container that answers for `container` on this task: the innermost override scope's
    /// child container, or `container` itself.
    package static func effective(_ container: Container) -> Container {
        guard wasUsed.load(ordering: .relaxed) else { return container }
        return current[ObjectIdentifier(container)]?.container ?? container
    }

    /// The resolver that answers for `resolver` on this task: for a container with an override
    /// scope, the scope's child container; otherwise `resolver` itself.
    package static func effective(resolver: any Resolver) -> any Resolver {
        guard wasUsed.load(ordering: .relaxed), let container = resolver as? Container else { return resolver }
        return current[ObjectIdentifier(container)]?.container ?? resolver
    }

    /// The child container of this task's override scope for `container`, if there is one.
    package static func overridingContainer(for container: Container) -> Container? {
        guard wasUsed.load(ordering: .relaxed) else { return nil }
        return current[ObjectIdentifier(container)]?.container
    }

    /// The scope table of the current task with a new scope for `container`: a child of the
    /// container that answers for it now (so scopes nest), filled by `configure`. Open it with
    /// ``withOpened(_:_:)``.
    package static func opening(
        _ container: Container, _ configure: (Container) throws -> Void
    ) rethrows -> [ObjectIdentifier: ContainerOverrideScope] {
        wasUsed.store(true, ordering: .relaxed)
        let child = Container(parent: effective(container))
        try configure(child)
        let view = child.synchronize() as? Container ?? child
        var scopes = current
        scopes[ObjectIdentifier(container)] = ContainerOverrideScope(
            container: view, overriding: container,
            registrations: SwinjectRegistrationTable.registrations(of: child) ?? [])
        return scopes
    }

    /// Runs `body` with `scopes` as the current task's scope table.
    package static func withOpened<Result>(
        _ scopes: [ObjectIdentifier: ContainerOverrideScope], _ body: () throws -> Result
    ) rethrows -> Result {
        openScopes.wrappingIncrement(by: 1, ordering: .relaxed)
        defer { openScopes.wrappingDecrement(by: 1, ordering: .relaxed) }
        return try $current.withValue(scopes, operation: body)
    }

    /// The `async` form of ``withOpened(_:_:)``.
    package static func withOpened<Result>(
        _ scopes: [ObjectIdentifier: ContainerOverrideScope], isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        openScopes.wrappingIncrement(by: 1, ordering: .relaxed)
        defer { openScopes.wrappingDecrement(by: 1, ordering: .relaxed) }
        return try await $current.withValue(scopes, operation: body, isolation: isolation)
    }
}
