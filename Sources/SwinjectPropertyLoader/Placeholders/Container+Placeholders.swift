public import Swinject

extension Container {
    /// Bounds on `${key}` placeholder expansion for the loaders applied to this container from
    /// now on (see <doc:Placeholders>). A child container has its own, starting at the default.
    ///
    /// ```swift
    /// container.placeholderLimits = PlaceholderLimits(maxDepth: 8, maxValueBytes: 4096)
    /// ```
    public var placeholderLimits: PlaceholderLimits {
        get { PropertyStoreRegistry.existingStore(ObjectIdentifier(self))?.placeholderLimits ?? .default }
        set { PropertyStoreRegistry.store(forApplyingTo: self).placeholderLimits = newValue }
    }
}

extension Container {
    /// The error of every `${key}` placeholder that does not resolve in the properties this
    /// container reads (its own and its ancestors'), in key order, each error once.
    ///
    /// Applying a loader never fails for such a placeholder, since a later loader may set the
    /// key it names; the read of the property fails instead, and
    /// ``checkProperties(resolvingRegistrations:)`` reports each one. Each error names the
    /// property that holds the placeholder, its source and line:column.
    ///
    /// ```swift
    /// for problem in container.unresolvedPlaceholders {
    ///     print(problem)  // app.toml:3:7: placeholder ${database.password} in property "database.url" …
    /// }
    /// ```
    public var unresolvedPlaceholders: [PropertyLoaderError] {
        let failures = PropertyStoreRegistry.store(forContainer: self).snapshot().placeholderFailures
        var seen: Set<String> = []
        return failures.keys.sorted().compactMap { key in
            guard let error = failures[key], seen.insert(error.description).inserted else { return nil }
            return error
        }
    }

    /// Loads several property sources and adds them in order, all or none: a later loader's
    /// value for a key wins, and `${key}` placeholders are resolved once, after the last. The
    /// result is the same as applying the loaders one call at a time: a placeholder may refer to
    /// a key that a later loader sets either way.
    ///
    /// Every loader runs first; if one throws, the container's properties are unchanged.
    ///
    /// ```swift
    /// try container.applyPropertyLoaders([
    ///     JsonPropertyLoader(string: #"{"url": "postgres://${database.host}/orders"}"#),
    ///     JsonPropertyLoader(string: #"{"database": {"host": "db.internal"}}"#),
    /// ])
    /// ```
    public func applyPropertyLoaders(_ loaders: [any PropertyLoader]) throws {
        try applyPropertyLoaders(loaders, merging: .replace)
    }

    /// Loads several property sources and adds them in order, all or none, each merged as
    /// `merging` says (``PropertyMerge``); placeholders resolve once, after the last.
    ///
    /// ```swift
    /// try container.applyPropertyLoaders([defaults, overrides], merging: .deep)
    /// ```
    public func applyPropertyLoaders(_ loaders: [any PropertyLoader], merging: PropertyMerge) throws {
        var batches: [(batch: PropertyBatch, merging: PropertyMerge)] = []
        for loader in loaders { batches.append((try loader.propertyBatch(), merging)) }
        try PropertyStoreRegistry.store(forApplyingTo: self).apply(batches)
        PropertyLogging.didApply(batches.map(\.batch), to: self)
    }
}
