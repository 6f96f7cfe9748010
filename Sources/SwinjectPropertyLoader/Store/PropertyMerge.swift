public import Swinject

/// How a loader's tables combine with what earlier loaders set.
///
/// ```swift
/// try container.applyPropertyLoader(TomlPropertyLoader(url: defaults))          // [database] host, port
/// try container.applyPropertyLoader(JsonPropertyLoader(url: overrides), merging: .deep)
/// // overrides.json {"database": {"port": 7000}} changes the port and keeps the host
/// ```
public enum PropertyMerge: Sendable, Hashable {
    /// The default. A loader's top-level values replace whatever earlier loaders set at their
    /// keys and below, whole: a JSON or property list dictionary or array, or a custom loader's
    /// value, replaces the earlier table at that key. Formats that flatten (TOML tables, Swift
    /// values) set each leaf, and so replace only those leaves.
    ///
    /// A key's own value and the keys under it are separate: a scalar at `test` replaces only
    /// the value at `test` and keeps `test.string`, and a dictionary at `test` keeps that value.
    /// An array replaces both.
    case replace
    /// Leaf by leaf, for layered configuration: a table merges into the earlier table key by
    /// key, at every level; a scalar replaces the value at its key and keeps the keys under it,
    /// and an array replaces everything at its key.
    case deep
}

extension Container {
    /// Loads properties and merges them with this container's as `merging` says; with
    /// ``PropertyMerge/replace`` this is ``applyPropertyLoader(_:)``.
    ///
    /// A defaults file then an override file that changes one nested key:
    ///
    /// ```swift
    /// try container.applyPropertyLoader(JsonPropertyLoader(url: defaultsURL))
    /// try container.applyPropertyLoader(JsonPropertyLoader(url: overrideURL), merging: .deep)
    /// ```
    ///
    /// The loader runs first; if it throws, or a key has more segments than
    /// `ParseLimits.maxKeySegments`, the container's properties are unchanged.
    public func applyPropertyLoader(_ loader: any PropertyLoader, merging: PropertyMerge) throws {
        let batch = try loader.propertyBatch()
        try PropertyStoreRegistry.store(forApplyingTo: self).apply(batch, merging: merging)
    }
}
