public import PropertyFormats

/// The properties one loader produces: what ``PropertyBatchLoader/loadBatch()`` returns and what a
/// container applies, in order, to its merged properties.
///
/// A batch is a list of two kinds of operation:
/// - ``set(_:to:source:)`` sets one key to one value, replacing whatever an earlier loader set at
///   that key and below it (JSON and property-list top-level keys, custom loaders); keys of the
///   same batch under a scalar stay beside it;
/// - ``mergeLeaves(of:source:)`` sets every leaf of a table at its key path and leaves the other
///   members of the tables on the way as they are (TOML documents, Swift values).
///
/// A key is a dotted path (`"database.port"`); a segment that itself contains a dot is quoted
/// (`a."b.c"`). ``PropertyMerge`` decides what a `set` of a table does to an earlier table.
///
/// ```swift
/// struct FeatureFlagsLoader: PropertyBatchLoader {
///     func loadBatch() throws -> PropertyBatch {
///         var batch = PropertyBatch()
///         let source = PropertySource(name: "feature service")
///         batch.set("features.checkout", to: .bool(true), source: source)
///         batch.set("features.banner", to: .string("winter"), source: source)
///         return batch
///     }
/// }
/// ```
public struct PropertyBatch: Sendable {
    enum Operation: Sendable {
        /// Sets the node at the flat key `key` (see ``PropertyKeyPath``) to `node`, replacing
        /// whatever was there and below it.
        case set(key: String, node: PropertyNode, source: Int32)
        /// Sets every leaf of `table` at its key path, leaving the other members of the tables
        /// on the way as they are.
        case mergeLeaves(PropertyTable, source: Int32)
        /// Sets the key an environment variable names, matched when the batch is applied
        /// against the keys set before it (``EnvironmentMatching``).
        case setMatching(EnvironmentKey, node: PropertyNode, source: Int32)
    }

    /// Sources, each with an unknown position; operations refer to them by offset.
    private(set) var sources: [PropertySource] = []
    /// How many of the first operations the loader that made them found free of `$`, so of
    /// placeholders; operations added after that are not covered.
    private var placeholderFreeCount = 0
    private(set) var operations: [Operation] = []
    private var sourceIndices: [PropertySource: Int32] = [:]
    /// The most segments a key may have once merged (`ParseLimits.maxKeySegments`).
    let maxKeySegments: Int

    /// An empty batch whose keys may have at most `limits.maxKeySegments` segments.
    public init(limits: ParseLimits = .default) {
        maxKeySegments = limits.maxKeySegments
    }

    /// A batch that sets each property at its key, in order.
    public init(_ properties: [LoadedProperty], limits: ParseLimits = .default) {
        self.init(limits: limits)
        operations.reserveCapacity(properties.count)
        for property in properties {
            set(property.key, to: property.value, source: property.source)
        }
    }

    /// A batch that merges the leaves of a document's root table, as TOML tables flatten.
    package init(mergingLeavesOf table: PropertyTable, source: String, limits: ParseLimits = .default) {
        self.init(limits: limits)
        mergeLeaves(of: table, source: source)
    }

    /// An empty batch with room for `expectedCount` operations.
    init(expectedCount: Int, limits: ParseLimits) {
        self.init(limits: limits)
        operations.reserveCapacity(expectedCount)
    }

    /// Sets `key` to `value`, replacing whatever an earlier loader set at that key and below it.
    /// Keys this batch sets below a scalar stay beside it, and a table joins the keys this batch
    /// set below `key`; a leaf that gets two values that way fails the load.
    /// `source.position` is the value's line:column.
    public mutating func set(_ key: String, to value: PropertyValue, source: PropertySource) {
        set(key, PropertyNode(value, at: source.position), source: sourceIndex(for: source.at(.unknown)))
    }

    /// Sets every leaf of `table` at its key path, keeping the other members of the tables on
    /// the way; the nodes' positions are the leaves' line:column in the file `source` names.
    package mutating func mergeLeaves(of table: PropertyTable, source: String) {
        mergeLeaves(of: table, source: PropertySource(name: source))
    }

    /// Sets every leaf of `table` at its key path, keeping the other members of the tables on
    /// the way; `source` says what the source is (its position is ignored: the nodes' positions
    /// are the leaves' line:column).
    public mutating func mergeLeaves(of table: PropertyTable, source: PropertySource) {
        operations.append(.mergeLeaves(table, source: sourceIndex(for: source.at(.unknown))))
    }

    /// The number of operations: keys set plus tables merged.
    package var operationCount: Int { operations.count }

    /// The operations as loaded properties, in order: one per set key, one per leaf of a merged
    /// table (with its flat key).
    public var properties: [LoadedProperty] {
        var result: [LoadedProperty] = []
        result.reserveCapacity(operations.count)
        for operation in operations {
            switch operation {
            case .set(let key, let node, let source):
                result.append(
                    LoadedProperty(
                        key: key, value: node.value,
                        source: sources[Int(source)].at(node.position)))
            case .setMatching(let key, let node, let source):
                result.append(
                    LoadedProperty(
                        key: PropertyKeyPath.spelling(key.segments), value: node.value,
                        source: sources[Int(source)].at(node.position)))
            case .mergeLeaves(let table, let source):
                for leaf in table.flattened() {
                    result.append(
                        LoadedProperty(
                            key: leaf.key, value: leaf.node.value,
                            source: sources[Int(source)].at(leaf.node.position)))
                }
            }
        }
        return result
    }

    /// The number that stands for the file or label `name`.
    mutating func sourceIndex(for name: String) -> Int32 {
        sourceIndex(for: PropertySource(name: name))
    }

    /// The number that stands for `source` (whose position is unknown).
    mutating func sourceIndex(for source: PropertySource) -> Int32 {
        if let last = sources.last, last == source { return Int32(sources.count - 1) }
        if let known = sourceIndices[source] { return known }
        let index = Int32(sources.count)
        sourceIndices[source] = index
        sources.append(source)
        return index
    }

    /// Sets the key `key` names, or the one earlier key it matches when the batch is applied.
    mutating func setMatching(_ key: EnvironmentKey, to value: PropertyValue, source: PropertySource) {
        operations.append(
            .setMatching(
                key, node: PropertyNode(value, at: source.position), source: sourceIndex(for: source.at(.unknown))))
    }

    /// Sets the node at a flat key, naming its source by number.
    mutating func set(_ key: String, _ node: PropertyNode, source: Int32) {
        operations.append(.set(key: key, node: node, source: source))
    }

    /// Whether no value of the batch can hold a placeholder, so the build need not look for any.
    var holdsNoPlaceholders: Bool { placeholderFreeCount == operations.count }

    /// Records that the operations so far hold no placeholder when the text they were read from
    /// has no `$` (``DollarScan/bytesMayHoldDollar(_:)``).
    mutating func markPlaceholderFree(unlessDollarIn bytes: UnsafeRawBufferPointer) {
        if !DollarScan.bytesMayHoldDollar(bytes) { placeholderFreeCount = operations.count }
    }
}
