import PropertyFormats

extension PropertySnapshot {
    /// A table being listed: one of the snapshot, or a table value set whole by one loader.
    private enum Listed {
        case snapshot(SnapshotTable)
        case value(PropertyTable, source: Int32)

        var count: Int {
            switch self {
            case .snapshot(let table): table.count
            case .value(let table, _): table.count
            }
        }

        /// The member at `offset` as a snapshot node, and whether it replaced earlier nodes.
        func member(at offset: Int) -> (name: String, node: SnapshotNode, replaced: Bool) {
            switch self {
            case .snapshot(let table):
                let member = table.member(at: offset)
                return (member.name, member.node, !member.shadows.isEmpty)
            case .value(let table, let source):
                let entry = table.entries[offset]
                return (entry.key, .value(entry.node, source: source), false)
            }
        }
    }

    /// A record for every leaf, keyed by its flat key (``PropertyKeyPath``): every value that is
    /// not a table (arrays whole), every value a table holds beside its members
    /// (``SnapshotTable/own``), and every empty table. Walked with an explicit stack.
    func allRecords() -> [String: PropertyRecord] {
        var records: [String: PropertyRecord] = [:]
        // One frame per table: the next member, the length of the table's flat key in `key`, and
        // whether a member on the way to it replaced something (only then can a leaf under it
        // have overridden sources). `path` holds the table's segments.
        var frames: [(table: Listed, next: Int, keyCount: Int, shadowed: Bool)] = [(.snapshot(root), 0, 0, false)]
        var key: [UInt8] = []
        var path: [String] = []
        while !frames.isEmpty {
            let top = frames.count - 1
            let (table, next, keyCount, shadowed) = frames[top]
            guard next < table.count else {
                frames.removeLast()
                if !path.isEmpty { path.removeLast() }
                continue
            }
            frames[top].next = next + 1
            let member = table.member(at: next)
            key.removeLast(key.count - keyCount)
            if top > 0 { key.append(UInt8(ascii: ".")) }
            PropertyKeyPath.append(member.name, to: &key)
            let replaced = shadowed || member.replaced
            let nested: Listed?
            let leaf: (value: PropertyValue, source: PropertySource)
            switch member.node {
            case .table(let snapshotTable):
                nested = snapshotTable.count > 0 ? .snapshot(snapshotTable) : nil
                let flat = String(decoding: key, as: UTF8.self)
                if let own = snapshotTable.own {
                    // The key's own value is a leaf beside the members (``SnapshotTable/own``).
                    let older = replaced ? versions(at: path + [member.name]).dropFirst() : []
                    records[flat] = PropertyRecord(
                        key: flat, value: own.node.value, source: source(own.source, at: own.node.position),
                        overridden: Array(older))
                    if let nested {
                        path.append(member.name)
                        frames.append((nested, 0, key.count, replaced))
                    }
                    continue
                }
                let source =
                    snapshotTable.origin.map { self.source($0.source, at: $0.position) }
                    ?? PropertySource(name: "section \"\(flat)\" (0 properties)")
                leaf = (.table(PropertyTable()), source)
            case .value(let node, let sourceIndex):
                if case .table(let valueTable) = node.value, valueTable.count > 0 {
                    nested = .value(valueTable, source: sourceIndex)
                } else {
                    nested = nil
                }
                leaf = (node.value, source(sourceIndex, at: node.position))
            }
            if let nested {
                path.append(member.name)
                frames.append((nested, 0, key.count, replaced))
                continue
            }
            let flat = String(decoding: key, as: UTF8.self)
            let versions = replaced ? versions(at: path + [member.name]) : []
            let older = leaf.value.isTable ? versions[...] : versions.dropFirst()
            records[flat] = PropertyRecord(key: flat, value: leaf.value, source: leaf.source, overridden: Array(older))
        }
        return records
    }
}
