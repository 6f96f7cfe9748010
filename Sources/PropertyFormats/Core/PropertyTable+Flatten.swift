extension PropertyTable {
    /// One leaf of a flattened table: its dot-joined key and its node.
    public struct FlatEntry: Sendable, Equatable {
        /// The key segments joined by `.`.
        public var key: String
        /// Where the last key segment was written.
        public var keyPosition: SourcePosition
        /// The leaf value and its position.
        public var node: PropertyNode
    }

    /// The table's leaves with dot-joined keys: nested tables are walked, every other value
    /// (arrays included) is a leaf. An empty nested table produces no leaf.
    ///
    /// Runs in time linear in the number of nodes. Two different key paths can only flatten to
    /// the same key when a key itself contains a dot; see ``containsDottedKey``.
    public func flattened() -> [FlatEntry] {
        var result: [FlatEntry] = []
        result.reserveCapacity(entries.count)
        forEachLeafKey { key, entry in
            result.append(
                FlatEntry(key: String(decoding: key, as: UTF8.self), keyPosition: entry.keyPosition, node: entry.node))
        }
        return result
    }

    /// Calls `body` with the UTF-8 bytes of the dot-joined key and the entry of every leaf, in
    /// the order of ``flattened()``. The key bytes are valid only during the call: a loader
    /// that keeps keys as bytes copies them once and never builds a `String` per leaf.
    package func forEachLeafKey(_ body: (_ key: UnsafeRawBufferPointer, _ entry: Entry) -> Void) {
        var path: [UInt8] = []
        path.reserveCapacity(128)
        Self.visitLeaves(of: self, path: &path, atRoot: true, body)
    }

    /// Walks `table` with `path` holding the key of the table itself (empty at the root). The
    /// root is told apart by `atRoot`, not by an empty path, because `""` is a valid key.
    private static func visitLeaves(
        of table: PropertyTable, path: inout [UInt8], atRoot: Bool,
        _ body: (UnsafeRawBufferPointer, Entry) -> Void
    ) {
        let prefixCount = path.count
        for entry in table.entries {
            path.removeLast(path.count - prefixCount)
            if !atRoot { path.append(UInt8(ascii: ".")) }
            var key = entry.key
            key.withUTF8 { path.append(contentsOf: $0) }
            if case .table(let nested) = entry.node.value {
                visitLeaves(of: nested, path: &path, atRoot: false, body)
            } else {
                path.withUnsafeBytes { body($0, entry) }
            }
        }
        path.removeLast(path.count - prefixCount)
    }

    /// Whether any key of this table or its nested tables contains a `.` (only then can two
    /// different key paths flatten to the same key).
    public var containsDottedKey: Bool {
        for entry in entries {
            var key = entry.key
            let dotted = key.withUTF8 { bytes in bytes.contains(UInt8(ascii: ".")) }
            if dotted { return true }
            if case .table(let nested) = entry.node.value, nested.containsDottedKey { return true }
        }
        return false
    }

    /// The key paths, as written, of every leaf that flattens to `key`, in document order.
    public func keyPaths(flattenedTo key: String) -> [[String]] {
        var paths: [[String]] = []
        var path: [String] = []
        collectPaths(to: key, prefix: nil, path: &path, into: &paths)
        return paths
    }

    private func collectPaths(to key: String, prefix: String?, path: inout [String], into paths: inout [[String]]) {
        for entry in entries {
            let joined = prefix.map { $0 + "." + entry.key } ?? entry.key
            guard key == joined || key.hasPrefix(joined + ".") else { continue }
            path.append(entry.key)
            if case .table(let nested) = entry.node.value {
                nested.collectPaths(to: key, prefix: joined, path: &path, into: &paths)
            } else if joined == key {
                paths.append(path)
            }
            path.removeLast()
        }
    }
}
