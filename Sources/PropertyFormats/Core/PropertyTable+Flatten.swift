extension PropertyTable {
    /// One leaf of a flattened table: its dot-joined key path and its node.
    public struct FlatEntry: Sendable, Equatable {
        /// The key segments joined by `.`.
        public var key: String
        /// The key segments as written, before joining.
        public var path: [String]
        /// Where the last key segment was written.
        public var keyPosition: SourcePosition
        /// The leaf value and its position.
        public var node: PropertyNode
    }

    /// The table's leaves with dot-joined keys: nested tables are walked, every other value
    /// (arrays included) is a leaf. An empty nested table produces no leaf.
    ///
    /// Runs in time linear in the number of nodes.
    public func flattened() -> [FlatEntry] {
        var result: [FlatEntry] = []
        result.reserveCapacity(entries.count)
        var path: [String] = []
        Self.flatten(self, prefix: "", path: &path, into: &result)
        return result
    }

    private static func flatten(
        _ table: PropertyTable, prefix: String, path: inout [String], into result: inout [FlatEntry]
    ) {
        for entry in table.entries {
            let key = prefix.isEmpty ? entry.key : prefix + "." + entry.key
            path.append(entry.key)
            if case .table(let nested) = entry.node.value {
                flatten(nested, prefix: key, path: &path, into: &result)
            } else {
                result.append(FlatEntry(key: key, path: path, keyPosition: entry.keyPosition, node: entry.node))
            }
            path.removeLast()
        }
    }
}
