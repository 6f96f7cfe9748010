extension PropertyTable {
    /// One leaf of a flattened table: its flat key and its node.
    public struct FlatEntry: Sendable, Equatable {
        /// The key segments joined by `.`, each quoted when it contains a `.` or starts with `"`
        /// (see ``flattened()``).
        public var key: String
        /// Where the last key segment was written.
        public var keyPosition: SourcePosition
        /// The leaf value and its position.
        public var node: PropertyNode
    }

    /// The table's leaves with flat keys: nested tables are walked, every other value (arrays
    /// included) is a leaf. An empty nested table produces no leaf.
    ///
    /// A flat key joins the key segments with `.`; a segment that contains a `.` or starts with
    /// `"` is written in double quotes with `"` and `\` escaped by `\`, as TOML writes it. So
    /// `[a."b.c"] key = 1` flattens to `a."b.c".key`, which differs from `a.b.c.key`: two
    /// different key paths never flatten to the same key.
    ///
    /// Runs in time linear in the number of nodes plus the bytes of the keys it writes, with an
    /// explicit stack rather than recursion.
    public func flattened() -> [FlatEntry] {
        var result: [FlatEntry] = []
        result.reserveCapacity(entries.count)
        forEachLeafKey { key, entry in
            result.append(
                FlatEntry(key: String(decoding: key, as: UTF8.self), keyPosition: entry.keyPosition, node: entry.node))
        }
        return result
    }

    /// Calls `body` with the UTF-8 bytes of the flat key and the entry of every leaf, in the
    /// order of ``flattened()``. The key bytes are valid only during the call.
    package func forEachLeafKey(_ body: (_ key: UnsafeRawBufferPointer, _ entry: Entry) -> Void) {
        // One frame per table being walked: the table, the next entry, and the length of the
        // flat key of the table itself (`path` holds it).
        var frames: [(table: PropertyTable, next: Int, prefixCount: Int)] = [(self, 0, 0)]
        var path: [UInt8] = []
        path.reserveCapacity(128)
        while !frames.isEmpty {
            let top = frames.count - 1
            let (table, next, prefixCount) = frames[top]
            guard next < table.entries.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = next + 1
            let entry = table.entries[next]
            path.removeLast(path.count - prefixCount)
            if top > 0 { path.append(UInt8(ascii: ".")) }
            var key = entry.key
            key.withUTF8 { Self.appendFlatKeySegment(UnsafeRawBufferPointer($0), to: &path) }
            if case .table(let nested) = entry.node.value {
                frames.append((nested, 0, path.count))
            } else {
                path.withUnsafeBytes { body($0, entry) }
            }
        }
    }

    /// Appends one key segment to a flat key: as is, or in double quotes (with `"` and `\`
    /// escaped) when it contains a `.` or starts with `"`.
    package static func appendFlatKeySegment(_ segment: UnsafeRawBufferPointer, to key: inout [UInt8]) {
        guard flatKeySegmentNeedsQuotes(segment) else {
            key.append(contentsOf: segment)
            return
        }
        key.append(UInt8(ascii: "\""))
        for byte in segment {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { key.append(UInt8(ascii: "\\")) }
            key.append(byte)
        }
        key.append(UInt8(ascii: "\""))
    }

    /// Whether a key segment is quoted in a flat key: it contains a `.` or starts with `"`.
    package static func flatKeySegmentNeedsQuotes(_ segment: UnsafeRawBufferPointer) -> Bool {
        if let first = segment.first, first == UInt8(ascii: "\"") { return true }
        return segment.contains(UInt8(ascii: "."))
    }

    /// Whether any key of this table or its nested tables contains a `.` (such a key is quoted
    /// in the flat keys of ``flattened()``).
    package var containsDottedKey: Bool {
        var pending: [PropertyTable] = [self]
        while let table = pending.popLast() {
            for entry in table.entries {
                var key = entry.key
                if key.withUTF8({ $0.contains(UInt8(ascii: ".")) }) { return true }
                if case .table(let nested) = entry.node.value { pending.append(nested) }
            }
        }
        return false
    }

    /// The key paths, as written, of every leaf whose flat key (see ``flattened()``) is `key`,
    /// in document order. Flat keys are unambiguous, so there is at most one.
    package func keyPaths(flattenedTo key: String) -> [[String]] {
        var paths: [[String]] = []
        var frames: [(table: PropertyTable, next: Int)] = [(self, 0)]
        var names: [String] = []
        while !frames.isEmpty {
            let top = frames.count - 1
            let (table, next) = frames[top]
            guard next < table.entries.count else {
                frames.removeLast()
                if !names.isEmpty { names.removeLast() }
                continue
            }
            frames[top].next = next + 1
            let entry = table.entries[next]
            let path = names + [entry.key]
            let spelled = PropertyKeyPath.spelling(path)
            guard spelled == key || key.hasPrefix(spelled + ".") else { continue }
            if case .table(let nested) = entry.node.value {
                names.append(entry.key)
                frames.append((nested, 0))
            } else if spelled == key {
                paths.append(path)
            }
        }
        return paths
    }
}
