public import Swinject
import SwinjectKitSupport

extension Container {
    /// Which registration read which property key, the keys set but never read, and the keys
    /// read but never set, as seen from this container.
    ///
    /// ```swift
    /// try container.checkProperties()   // runs each factory once, so every read is seen
    /// print(container.propertyUsage)
    /// ```
    ///
    /// A read is attributed to the registration whose factory was running when it was made (the
    /// innermost one when factories resolve each other), whatever read API made it: `property`,
    /// a ``PropertyKey``, a section, a `Decodable` section, `requiredProperty` or a `.orFatalError`
    /// read. Reads made outside any factory are listed as such. The report covers the
    /// registrations of this container, of its ancestors and of the child containers that track
    /// usage, and the properties visible from this container. Tracking starts on a container at
    /// the first property read through it after a loader was applied (normally a factory in the
    /// first resolve), or at ``checkProperties(resolvingRegistrations:)``; registrations made
    /// before that are tracked too, but the reads of factories that ran before it are not known.
    /// Any thread may ask for the report, also while another registers. See
    /// <doc:PropertyUsageReport>.
    public var propertyUsage: PropertyUsage {
        UsageRegistry.registry(on: self)
        var readers: [String: [PropertyUsage.Reader]] = [:]
        // Per key: one reader may read several keys from one call site (one line of a factory).
        var seen: [String: Set<PropertyUsage.Reader>] = [:]
        var outside: [String: PropertyUsage.ReadSite] = [:]
        for registry in UsageRegistry.reportLineage(of: self) {
            for storage in registry.storages {
                for (key, site) in storage.recorded.keys.sorted(by: { $0.key < $1.key }) {
                    let reader = PropertyUsage.Reader(registration: storage.registration, site: site)
                    if seen[key, default: []].insert(reader).inserted { readers[key, default: []].append(reader) }
                }
            }
            outside.merge(registry.outsideReads) { old, _ in old }
        }
        for (key, site) in outside {
            let reader = PropertyUsage.Reader(registration: nil, site: site)
            if seen[key, default: []].insert(reader).inserted { readers[key, default: []].append(reader) }
        }

        let mask = SecretMask(container: self)
        let records = mask.snapshot?.allRecords() ?? [:]
        let store = PropertyStoreRegistry.store(forContainer: self)
        let readOverlap = PropertyKeyOverlap(changed: readers.keys)
        var keys: [PropertyUsage.Key] = []
        var unread: [PropertyUsage.Key] = []
        var unset: [PropertyUsage.Key] = []
        for key in Set(records.keys).union(readers.keys).sorted() {
            let record = records[key]
            let entry = PropertyUsage.Key(
                key: key, source: record?.source, isSet: record != nil || store.lookupValue(key) != nil,
                readers: readers[key] ?? [], valueText: record.map { mask.displayText($0.value, key: key) })
            keys.append(entry)
            if record != nil, readOverlap.isEmpty || !readOverlap.affects(key) { unread.append(entry) }
            if !entry.isSet { unset.append(entry) }
        }
        return PropertyUsage(
            keys: keys, unreadKeys: unread, unsetKeys: unset, isTracking: SwinjectEntryFields.isAvailable)
    }
}

extension Container {
    /// Wraps the instance storage of every registration of this container and its ancestors
    /// (the one hook into Swinject, see ``UsageRegistry``), so that Swinject's own `resolve`
    /// consults test overrides. Call on the thread that resolves the container, or on a
    /// container only resolved through `synchronize()`.
    package func installResolutionHook() {
        for container in ContainerLineage.ancestry(of: self).reversed() {
            UsageRegistry.start(on: container)
        }
    }
}
