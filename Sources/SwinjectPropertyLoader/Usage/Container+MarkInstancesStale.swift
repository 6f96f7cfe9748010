package import Swinject

extension Container {
    /// Marks stale the kept instances (container-scoped, weak, or of any custom scope) of every
    /// registration whose factory read one of `keys`, directly or through a registration it
    /// resolved, so the next resolve builds them with the current properties. Every other
    /// instance is kept. Returns the registrations that will be rebuilt, sorted, as the usage
    /// report names them (`App.Database`, `App.Database (name: "primary")`).
    ///
    /// The rule:
    /// - A registration read a key when its factory read it, or a section containing it, or a
    ///   key inside it (``PropertyKeyOverlap``), in any run since tracking started. An instance
    ///   built by a factory run nobody tracked may have read any key.
    /// - A registration is stale when it read a changed key, or resolved (in any run) a
    ///   registration that is stale: a singleton holding a service built from an old value is
    ///   old too, also through transient or graph-scoped registrations between them.
    /// - The registrations considered are those of this container, its ancestors and every
    ///   descendant that tracks usage.
    /// - Nothing of the container is touched from the calling thread: the mark is an atomic
    ///   number in each ``TrackedStorage``, and the thread that resolves drops a stale instance
    ///   on its next resolve. A factory run that this change overlapped checks the change when
    ///   it ends (``TrackedStorage/finishRun(keys:dependencies:startedAt:)``).
    ///
    /// Instances already handed out are not touched: whoever holds one keeps the old object.
    package func markInstancesStale(readingAnyOf keys: Set<String>) -> [String] {
        guard !keys.isEmpty else { return [] }
        let registries = UsageRegistry.lineage(of: self)
        var generations: [ObjectIdentifier: Int] = [:]
        for registry in registries { generations[ObjectIdentifier(registry)] = registry.recordChange(keys) }
        let stale = Self.staleStorages(among: registries, changed: keys)
        var rebuilt: [String] = []
        for storage in stale {
            storage.markStale(atGeneration: generations[ObjectIdentifier(storage.registry)] ?? 0)
            if storage.rebuildsWhenStale { rebuilt.append(storage.registration.description) }
        }
        return rebuilt.sorted()
    }

    /// The storages that read a changed key, and
    /// every one that (transitively) resolved one.
    static func staleStorages(among registries: [UsageRegistry], changed keys: Set<String>) -> [TrackedStorage] {
        let overlap = PropertyKeyOverlap(changed: keys)
        var dependents: [ObjectIdentifier: [TrackedStorage]] = [:]
        var pending: [TrackedStorage] = []
        var stale: Set<ObjectIdentifier> = []
        for registry in registries {
            for storage in registry.storages {
                let usage = storage.recorded
                for dependency in usage.dependencies { dependents[dependency, default: []].append(storage) }
                let read = storage.isBuiltUntracked || usage.keys.keys.contains(where: overlap.affects)
                if read, stale.insert(ObjectIdentifier(storage)).inserted {
                    pending.append(storage)
                }
            }
        }
        var result: [TrackedStorage] = []
        while let next = pending.popLast() {
            result.append(next)
            for dependent in dependents[ObjectIdentifier(next)] ?? []
            where stale.insert(ObjectIdentifier(dependent)).inserted {
                pending.append(dependent)
            }
        }
        return result
    }
}
