public import Swinject

extension Container {
    /// Loads properties and adds them to this container; a key already present is replaced.
    ///
    /// The loader runs first; if it throws, the container's properties are unchanged. All of a
    /// loader's keys become visible together.
    ///
    /// ```swift
    /// try container.applyPropertyLoader(JsonPropertyLoader(bundle: .main, name: "properties"))
    /// ```
    public func applyPropertyLoader(_ loader: any PropertyLoader) throws {
        let batch = try loader.propertyBatch()
        try PropertyStoreRegistry.store(forApplyingTo: self).apply(batch)
        PropertyLogging.didApply([batch], to: self)
    }

    /// Where the property `key` came from (file and line:column, bundle resource, or Swift type),
    /// or nil when it is not set.
    public func propertySource(for key: String) -> PropertySource? {
        PropertyStoreRegistry.store(forContainer: self).lookup(key)?.source
    }

    /// The property's value, source and the sources of the values it replaced.
    /// Its description shows a secret value as `***` (see <doc:Secrets>).
    public func propertyRecord(for key: String) -> PropertyRecord? {
        let mask = SecretMask(container: self)
        return mask.snapshot?.record(key).map(mask.decorate)
    }

    /// Every property key visible from this container (its own and its ancestors'), sorted.
    public var propertyKeys: [String] {
        PropertyStoreRegistry.store(forContainer: self).allRecords().keys.sorted()
    }

    /// One line per property, sorted by key: `key = value (kind) from source[, overrides source]`,
    /// with `***` for each secret value (see <doc:Secrets>).
    public var propertiesDescription: String {
        let mask = SecretMask(container: self)
        let records = mask.snapshot?.allRecords() ?? [:]
        return records.keys.sorted().compactMap { records[$0].map(mask.decorate)?.description }
            .joined(separator: "\n")
    }
}
