import PropertyFormats

extension PropertySnapshot {
    /// A record for every leaf, keyed by its flat key (``PropertyKeyPath``): every value that is
    /// not a table (arrays whole), and every empty table. Walked with an explicit stack.
    func allRecords() -> [String: PropertyRecord] {
        var records: [String: PropertyRecord] = [:]
        // One frame per table: the next member, the length of the table's flat key in `key`, its
        // segments in `path`, and whether a member on the way to it replaced something (only
        // then can a leaf under it have overridden sources).
        var frames: [(table: SnapshotTable, next: Int, keyCount: Int, shadowed: Bool)] = [(root, 0, 0, false)]
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
            let replaced = shadowed || !member.shadows.isEmpty
            switch member.node {
            case .table(let nested) where nested.count > 0:
                path.append(member.name)
                frames.append((nested, 0, key.count, replaced))
            case .table(let empty):
                let flat = String(decoding: key, as: UTF8.self)
                let source =
                    empty.origin.map { self.source($0.source, at: $0.position) }
                    ?? PropertySource(name: "section \"\(flat)\" (0 properties)")
                let older = replaced ? versions(at: path + [member.name])[...] : []
                records[flat] = PropertyRecord(
                    key: flat, value: .table(PropertyTable()), source: source, overridden: Array(older))
            case .value(let node, let sourceIndex):
                let flat = String(decoding: key, as: UTF8.self)
                let overridden = replaced ? Array(versions(at: path + [member.name]).dropFirst()) : []
                records[flat] = PropertyRecord(
                    key: flat, value: node.value, source: source(sourceIndex, at: node.position), overridden: overridden
                )
            }
        }
        return records
    }
}
