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
        var tables: [(table: PropertyTable, parent: Int, depth: Int)] = [(table, -1, depth)]
        var spellings: [Spelling] = []
        var index = 0
        while index < tables.count {
            let (current, _, currentDepth) = tables[index]
            firstChild.append(tables.count)
            var fits = !current.isEmpty && current.count <= SnapshotTable.valueScanLimit
            fits = fits && currentDepth < maxKeySegments
            if fits { spellings.removeAll(keepingCapacity: true) }
            current.entries.withUnsafeBufferPointer { entries in
                for offset in entries.indices {
                    if case .table(let nested) = entries[offset].node.value {
                        tables.append((nested, index, currentDepth + 1))
                    }
                    guard fits else { continue }
                    fits = Self.appendSpelling(of: entries[offset].key, to: &spellings)
                }
            }
            self.fits.append(fits)
            index += 1
        }
        for index in tables.indices.reversed() where index > 0 && !fits[index] {
            fits[tables[index].parent] = false
        }
    }

    /// A name's length and its first and last eight bytes: the whole name up to 16 bytes.
    private struct Spelling: Equatable {
        var count: Int
        var head: UInt64
        var tail: UInt64
    }

    /// Appends the spelling of an ASCII `name` that none of `spellings` has; false for any other
    /// name. Names longer than 16 bytes that share a spelling count as repeated, which only
    /// leaves their table to the merge.
    private static func appendSpelling(of name: String, to spellings: inout [Spelling]) -> Bool {
        let spelling =
            name.utf8.withContiguousStorageIfAvailable { bytes -> Spelling? in
                let raw = UnsafeRawBufferPointer(bytes)
                guard ASCIIBytes.all(raw) else { return nil }
                let count = raw.count
                if count >= 8 {
                    return Spelling(
                        count: count, head: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                        tail: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                }
                var head: UInt64 = 0
                for offset in 0..<count { head |= UInt64(raw[offset]) << (UInt64(offset) << 3) }
                return Spelling(count: count, head: head, tail: 0)
            } ?? nil
        guard let spelling, !spellings.contains(spelling) else { return false }
        spellings.append(spelling)
        return true
    }
}
