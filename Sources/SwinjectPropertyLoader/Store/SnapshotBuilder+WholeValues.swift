import PropertyFormats

extension SnapshotBuilder {
    /// The snapshot node for a whole value, after checking the depth of every key in it.
    ///
    /// A table stays one value unless it, or a table in it (not inside arrays), has more than
    /// ``SnapshotTable/valueScanLimit`` members and no key index: those become snapshot tables,
    /// whose lookups are hashed. A smaller table is searched member by member, and a parsed
    /// table with its key index (``PropertyTable/keyIndex``) is searched by it, so either
    /// stays as the parser built it, sharing its entries, until a later loader writes into it
    /// and it is expanded.
    func makeNode(
        _ node: PropertyNode, depth: Int, source: Int32, sourceName: String, path: () -> [String]
    ) throws(PropertyLoaderError) -> SnapshotNode {
        guard case .table(let top) = node.value else { return .value(node, source: source) }
        // Most values are small and shallow: a pass that only measures them decides, and the
        // pass below runs for a value that is large or too deep (it names the key).
        if Self.isSmallAndShallow(top, depth: depth, maxKeySegments: maxKeySegments) {
            return .value(node, source: source)
        }
        // Every nested table in breadth-first order, with its parent's index and key depth.
        var tables: [(table: PropertyTable, parent: Int, depth: Int)] = [(top, -1, depth)]
        var index = 0
        while index < tables.count {
            let (table, _, depth) = tables[index]
            for entry in table.entries {
                try check(
                    depth + 1, key: { PropertyKeyPath.spelling(path() + ["…", entry.key]) }, source: sourceName,
                    position: entry.node.position)
                if case .table(let nested) = entry.node.value { tables.append((nested, index, depth + 1)) }
            }
            index += 1
        }
        var expands = tables.map { !Self.isSearchable($0.table) }
        for index in tables.indices.reversed() where index > 0 && expands[index] {
            expands[tables[index].parent] = true
        }
        guard expands[0] else { return .value(node, source: source) }
        var targets: [SnapshotTable?] = Array(repeating: nil, count: tables.count)
        let root = SnapshotTable(generation: generation)
        root.origin = (source, node.position)
        if top.keyIndex == nil { root.reserveCapacity(top.count) }
        targets[0] = root
        var nextChild = 1
        for index in tables.indices {
            let target = targets[index]
            let table = tables[index].table
            // A parsed table with its key index is handed over whole: its names are distinct.
            let keyIndex = target == nil ? nil : table.keyIndex
            var names: [String] = []
            var members: [SnapshotNode] = []
            if keyIndex != nil {
                names.reserveCapacity(table.count)
                members.reserveCapacity(table.count)
            }
            for entry in table.entries {
                var member = SnapshotNode.value(entry.node, source: source)
                if case .table(let nested) = entry.node.value {
                    let child = nextChild
                    nextChild += 1
                    if target != nil, expands[child] {
                        let made = SnapshotTable(generation: generation)
                        made.origin = (source, entry.node.position)
                        if nested.keyIndex == nil { made.reserveCapacity(nested.count) }
                        targets[child] = made
                        member = .table(made)
                    }
                }
                if keyIndex != nil {
                    names.append(entry.key)
                    members.append(member)
                } else {
                    target?.set(entry.key, member)
                }
            }
            if let keyIndex { target?.fill(names: names, nodes: members, index: keyIndex.index) }
        }
        return .table(root)
    }

    /// Whether a lookup in `table` as a value is as fast as in a snapshot table: it is small
    /// enough to scan, or a parser indexed its keys.
    private static func isSearchable(_ table: PropertyTable) -> Bool {
        table.count <= SnapshotTable.valueScanLimit || table.keyIndex != nil
    }

    /// Whether `table` (whose key has `depth` segments) and every table in it (not inside
    /// arrays) are searchable as values (``isSearchable(_:)``) and no key in them has more than
    /// `maxKeySegments` segments: a value `makeNode` keeps whole without a word to say.
    private static func isSmallAndShallow(_ table: PropertyTable, depth: Int, maxKeySegments: Int) -> Bool {
        var pending: [(table: PropertyTable, depth: Int)] = [(table, depth)]
        while let (table, depth) = pending.popLast() {
            guard isSearchable(table), table.isEmpty || depth < maxKeySegments else {
                return false
            }
            table.entries.withUnsafeBufferPointer { entries in
                for offset in entries.indices {
                    if case .table(let nested) = entries[offset].node.value { pending.append((nested, depth + 1)) }
                }
            }
        }
        return true
    }
}
