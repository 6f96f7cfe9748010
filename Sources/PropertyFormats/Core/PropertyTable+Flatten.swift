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
        Self.flatten(self, prefix: "", into: &result)
        return result
    }

    private static func flatten(_ table: PropertyTable, prefix: String, into result: inout [FlatEntry]) {
        visitLeaves(of: table, prefix: prefix) { key, entry in
            result.append(FlatEntry(key: key, keyPosition: entry.keyPosition, node: entry.node))
        }
    }

    /// Calls `body` with the dot-joined key and the entry of every leaf, in the order of
    /// ``flattened()``, without building the list: a loader that turns leaves into its own
    /// records copies each one once.
    package func forEachLeaf(_ body: (_ key: String, _ entry: Entry) -> Void) {
        Self.visitLeaves(of: self, prefix: "", body)
    }

    private static func visitLeaves(of table: PropertyTable, prefix: String, _ body: (String, Entry) -> Void) {
        for entry in table.entries {
            let key = prefix.isEmpty ? entry.key : joined(prefix, entry.key)
            if case .table(let nested) = entry.node.value {
                visitLeaves(of: nested, prefix: key, body)
            } else {
                body(key, entry)
            }
        }
    }

    /// `prefix.key`, built with one allocation.
    private static func joined(_ prefix: String, _ key: String) -> String {
        var prefix = prefix
        var key = key
        return prefix.withUTF8 { head in
            key.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    let afterHead = buffer.initialize(fromContentsOf: head)
                    buffer[afterHead] = UInt8(ascii: ".")
                    let afterTail = buffer[(afterHead + 1)...].initialize(fromContentsOf: tail)
                    return afterTail
                }
            }
        }
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
        collectPaths(to: key, prefix: "", path: &path, into: &paths)
        return paths
    }

    private func collectPaths(to key: String, prefix: String, path: inout [String], into paths: inout [[String]]) {
        for entry in entries {
            let joined = prefix.isEmpty ? entry.key : prefix + "." + entry.key
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
