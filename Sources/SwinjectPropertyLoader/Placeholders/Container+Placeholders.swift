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
    /// Loads several property sources and adds them in order, all or none: a later loader's
    /// value for a key wins, and `${key}` placeholders are resolved once, after the last, so a
    /// placeholder may refer to a key that a later loader sets.
    ///
    /// Every loader runs first; if one throws, or a placeholder does not resolve, the
    /// container's properties are unchanged.
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
        for loader in loaders { batches.append((try loader.loadBatch(), merging)) }
        try PropertyStoreRegistry.store(forApplyingTo: self).apply(batches)
        PropertyLogging.didApply(batches.map(\.batch), to: self)
    }
}
