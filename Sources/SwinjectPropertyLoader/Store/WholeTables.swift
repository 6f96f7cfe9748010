import PropertyFormats

/// Which nested tables of a table being merged leaf by leaf can be stored whole, as one value,
/// where nothing is set yet: the same form ``SnapshotBuilder`` gives a small table that `set`
/// stores (a JSON object), read member by member and expanded when a later loader writes into it.
///
/// A nested table is stored whole when it and every table in it (not inside arrays) have between
/// 1 and ``SnapshotTable/valueScanLimit`` members, with ASCII names that are all different, and
/// no key under it has more than `maxKeySegments` segments. An empty table anywhere under it, a
/// repeated name (which a merge records as an override) or a key too deep (an error the merge
/// reports) leaves it to the merge. Storing a table whole saves a snapshot table, its names and
/// its nodes for every table of the document's small sections.
///
/// Tables are numbered breadth first (the merged table itself is 0), so the children of a table
/// are numbered consecutively from ``firstChild``: a depth-first walk finds a child's number by
/// counting the tables it has met among its parent's members. Computed bottom-up with no
/// recursion, in time linear in the members of the tables.
struct WholeTables {
    /// Whether each table can be stored whole.
    private(set) var fits: [Bool] = []
    /// The number of each table's first nested table.
    private(set) var firstChild: [Int] = []

    /// The tables of `table`, whose own key has `depth` segments.
    init(_ table: PropertyTable, depth: Int, maxKeySegments: Int) {
        var tables: [(table: PropertyTable, parent: Int)] = [(table, -1)]
        var depths = [depth]
        var fingerprints: [UInt64] = []
        var index = 0
        while index < tables.count {
            let current = tables[index].table
            let currentDepth = depths[index]
            firstChild.append(tables.count)
            var fits = !current.isEmpty && current.count <= SnapshotTable.valueScanLimit
            fits = fits && currentDepth < maxKeySegments
            if fits { fingerprints.removeAll(keepingCapacity: true) }
            current.entries.withUnsafeBufferPointer { entries in
                for offset in entries.indices {
                    if case .table(let nested) = entries[offset].node.value {
                        tables.append((nested, index))
                        depths.append(currentDepth + 1)
                    }
                    guard fits else { continue }
                    fits = Self.appendFingerprint(of: entries[offset].key, to: &fingerprints)
                }
            }
            self.fits.append(fits)
            index += 1
        }
        for index in tables.indices.reversed() where index > 0 && !fits[index] {
            fits[tables[index].parent] = false
        }
    }

    /// Appends the fingerprint of an ASCII `name` that none of `fingerprints` has; false for
    /// any other name.
    @inline(__always)
    private static func appendFingerprint(of name: String, to fingerprints: inout [UInt64]) -> Bool {
        let fingerprint =
            name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
                let raw = UnsafeRawBufferPointer(bytes)
                return ASCIIBytes.all(raw) ? ExactKey.fingerprint(of: raw) : nil
            } ?? nil
        guard let fingerprint, !fingerprints.contains(fingerprint) else { return false }
        fingerprints.append(fingerprint)
        return true
    }
}
