import PropertyFormats

/// The properties one loader applied to a store, kept as the loader gave them and never changed
/// afterwards: a list of operations on the merged tree, applied in order by ``SnapshotBuilder``.
///
/// A format whose top-level values are whole values (JSON, property lists, custom loaders)
/// gives one ``Operation/set(key:node:source:)`` per top-level key; a format that flattens
/// (TOML, Swift values) gives its document as one ``Operation/mergeLeaves(_:source:)``. The two
/// differ only in what they replace: see ``PropertySnapshot``.
final class PropertyBatch: Sendable {
    enum Operation: Sendable {
        /// Sets the node at the flat key `key` (see ``PropertyKeyPath``) to `node`, replacing
        /// whatever was there and below it.
        case set(key: String, node: PropertyNode, source: Int32)
        /// Sets every leaf of `table` at its key path, leaving the other members of the tables
        /// on the way as they are.
        case mergeLeaves(PropertyTable, source: Int32)
    }

    /// Source names; operations refer to them by offset.
    let sources: [String]
    let operations: [Operation]
    /// The most segments a key may have once merged (`ParseLimits.maxKeySegments`).
    let maxKeySegments: Int

    init(sources: [String], operations: [Operation], maxKeySegments: Int) {
        self.sources = sources
        self.operations = operations
        self.maxKeySegments = maxKeySegments
    }

    /// A batch that sets each loaded property at its key, in order.
    convenience init(_ properties: [LoadedProperty], limits: ParseLimits = .default) {
        var builder = Builder()
        for property in properties {
            let source = builder.sourceIndex(for: property.source.name)
            builder.set(property.key, PropertyNode(property.value, at: property.source.position), source: source)
        }
        self.init(sources: builder.sources, operations: builder.operations, maxKeySegments: limits.maxKeySegments)
    }

    /// A batch that merges the leaves of a document's root table, as TOML tables flatten.
    convenience init(mergingLeavesOf table: PropertyTable, source: String, limits: ParseLimits) {
        self.init(
            sources: [source], operations: [.mergeLeaves(table, source: 0)], maxKeySegments: limits.maxKeySegments)
    }

    /// The operations as loaded properties, in order: one per set key, one per leaf of a merged
    /// table (with its flat key).
    var loadedProperties: [LoadedProperty] {
        var result: [LoadedProperty] = []
        result.reserveCapacity(operations.count)
        for operation in operations {
            switch operation {
            case .set(let key, let node, let source):
                result.append(
                    LoadedProperty(
                        key: key, value: node.value,
                        source: PropertySource(name: sources[Int(source)], position: node.position)))
            case .mergeLeaves(let table, let source):
                for leaf in table.flattened() {
                    result.append(
                        LoadedProperty(
                            key: leaf.key, value: leaf.node.value,
                            source: PropertySource(name: sources[Int(source)], position: leaf.node.position)))
                }
            }
        }
        return result
    }

    /// Collects a batch's operations.
    struct Builder {
        private(set) var sources: [String] = []
        private(set) var operations: [Operation] = []
        private var sourceIndices: [String: Int32] = [:]

        init(expectedCount: Int = 0) {
            operations.reserveCapacity(expectedCount)
        }

        /// The number that stands for the source `name`.
        mutating func sourceIndex(for name: String) -> Int32 {
            if let last = sources.last, last == name { return Int32(sources.count - 1) }
            if let known = sourceIndices[name] { return known }
            let index = Int32(sources.count)
            sourceIndices[name] = index
            sources.append(name)
            return index
        }

        /// Sets the node at a flat key.
        mutating func set(_ key: String, _ node: PropertyNode, source: Int32) {
            operations.append(.set(key: key, node: node, source: source))
        }
    }

    /// A batch built by `fill`, which adds each operation to the builder in order.
    convenience init(expectedCount: Int, limits: ParseLimits, _ fill: (inout Builder) throws -> Void) rethrows {
        var builder = Builder(expectedCount: expectedCount)
        try fill(&builder)
        self.init(sources: builder.sources, operations: builder.operations, maxKeySegments: limits.maxKeySegments)
    }
}
