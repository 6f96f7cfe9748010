import PropertyFormats

extension PropertyStore {
    /// Finds the value for a key, in this order:
    /// 1. a property stored under exactly `key` (the nearest layer wins);
    /// 2. a path into a stored table or array: for `a.b.c`, the longest stored prefix
    ///    (`a.b`, then `a`) whose value is a table or array is walked with the remaining
    ///    segments (array segments are zero-based indices);
    /// 3. a section: every property whose key starts with `key.`, gathered into a table.
    func lookup(_ key: String) -> PropertyRecord? {
        if let record = record(forExactKey: key) { return record }
        if key.utf8.contains(UInt8(ascii: ".")), let record = lookupPath(key) { return record }
        return hasSection(key) ? section(key) : nil
    }

    /// The value ``lookup(_:)`` finds, without building a record when the key is stored as is.
    func lookupValue(_ key: String) -> PropertyValue? {
        if let value = value(forExactKey: key) { return value }
        return lookup(key)?.value
    }

    private func lookupPath(_ key: String) -> PropertyRecord? {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count > 1 else { return nil }
        var prefixLength = segments.count - 1
        while prefixLength > 0 {
            let prefix = segments[..<prefixLength].joined(separator: ".")
            if let record = record(forExactKey: prefix) {
                guard
                    let node = Self.descend(
                        PropertyNode(record.value, at: record.source.position), segments[prefixLength...])
                else { return nil }
                let source = PropertySource(name: record.source.name, position: node.position)
                return PropertyRecord(key: key, value: node.value, source: source, overridden: [])
            }
            prefixLength -= 1
        }
        return nil
    }

    private static func descend(_ start: PropertyNode, _ segments: ArraySlice<Substring>) -> PropertyNode? {
        var node = start
        for segment in segments {
            switch node.value {
            case .table(let table):
                guard let next = table[String(segment)] else { return nil }
                node = next
            case .array(let nodes):
                guard let index = Int(segment), nodes.indices.contains(index) else { return nil }
                node = nodes[index]
            default:
                return nil
            }
        }
        return node
    }

    private func section(_ key: String) -> PropertyRecord? {
        let prefix = key + "."
        let members = allRecords().filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }
        guard let first = members.first else { return nil }
        var builder = SectionBuilder()
        for (memberKey, record) in members {
            let path = memberKey.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
            builder.insert(path[...], PropertyNode(record.value, at: record.source.position))
        }
        let source = PropertySource(
            name: "section \"\(key)\" (\(members.count) properties, first from \(first.value.source))")
        return PropertyRecord(key: key, value: .table(builder.table()), source: source, overridden: [])
    }
}

/// Builds a nested table from flattened key paths.
private struct SectionBuilder {
    private var leaves: [(String, PropertyNode)] = []
    private var children: [(String, SectionBuilder)] = []

    mutating func insert(_ path: ArraySlice<Substring>, _ node: PropertyNode) {
        guard let head = path.first else { return }
        let name = String(head)
        if path.count == 1 {
            leaves.append((name, node))
            return
        }
        if let index = children.firstIndex(where: { $0.0 == name }) {
            children[index].1.insert(path.dropFirst(), node)
        } else {
            var child = SectionBuilder()
            child.insert(path.dropFirst(), node)
            children.append((name, child))
        }
    }

    func table() -> PropertyTable {
        var entries = leaves.map { PropertyTable.Entry(key: $0.0, node: $0.1) }
        for (name, child) in children where !entries.contains(where: { $0.key == name }) {
            entries.append(PropertyTable.Entry(key: name, node: PropertyNode(.table(child.table()))))
        }
        return PropertyTable(entries)
    }
}
