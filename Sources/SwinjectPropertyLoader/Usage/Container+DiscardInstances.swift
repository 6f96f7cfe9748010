package import Swinject

extension Container {
    /// Discards the kept instances (container-scoped, weak, or of any custom scope) of every
    /// registration whose factory read one of `keys`, directly or through a registration it
    /// resolved, so the next resolve builds them with the current properties. Every other
    /// instance is kept. Returns the discarded registrations, sorted, as the usage report names
    /// them (`App.Database`, `App.Database (name: "primary")`).
    ///
    /// The rule:
    /// - A registration read a key when its factory read it, or a section containing it, or a
    ///   key inside it (``PropertyKeyOverlap``), in any run since tracking started.
    /// - A registration is stale when it read a changed key, or resolved (in any run) a
    ///   registration that is stale: a singleton holding a service built from an old value is
    ///   old too, also through transient or graph-scoped registrations between them.
    /// - The registrations considered are those of this container, its ancestors and every
    ///   descendant that tracks usage; an instance is dropped by setting its storage's instance
    ///   to nil, which is what Swinject's `resetObjectScope` does for a whole scope.
    /// - It runs under Swinject's lock, which the whole lineage shares, so a resolve through a
    ///   synchronized resolver on another thread sees the instance or its absence, never a half.
    ///
    /// Instances already handed out are not touched: whoever holds one keeps the old object.
    /// When usage tracking is unavailable (``ServiceEntrySlots``), every container-scoped and
    /// weak instance is discarded instead, which is never stale, and the result says so.
    package func discardInstances(readingAnyOf keys: Set<String>) -> [String] {
        guard !keys.isEmpty else { return [] }
        guard ServiceEntrySlots.isAvailable else {
            SwinjectLock.run(on: self) {
                resetObjectScope(.container)
                resetObjectScope(.weak)
            }
            return ["every container-scoped and weak instance (usage tracking is unavailable)"]
        }
        let stale = Self.staleStorages(among: UsageRegistry.lineage(of: self), changed: keys)
        guard !stale.isEmpty else { return [] }
        var discarded: [String] = []
        SwinjectLock.run(on: self) {
            for storage in stale where storage.discardInstance() {
                discarded.append(storage.registration.description)
            }
        }
        return discarded.sorted()
    }

    /// The storages that read a changed key, and every one that (transitively) resolved one.
    static func staleStorages(among registries: [UsageRegistry], changed keys: Set<String>) -> [TrackedStorage] {
        let overlap = PropertyKeyOverlap(changed: keys)
        var dependents: [ObjectIdentifier: [TrackedStorage]] = [:]
        var pending: [TrackedStorage] = []
        var stale: Set<ObjectIdentifier> = []
        for registry in registries {
            for storage in registry.storages {
                let usage = storage.recorded
                for dependency in usage.dependencies { dependents[dependency, default: []].append(storage) }
                if usage.keys.keys.contains(where: overlap.affects), stale.insert(ObjectIdentifier(storage)).inserted {
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
