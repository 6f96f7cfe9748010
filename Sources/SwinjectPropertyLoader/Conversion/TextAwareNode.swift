import PropertyFormats

/// A value read with the rules of its sources: a stored value with whether its source has only
/// text (``PropertySource/valuesAreText``), or a section of the snapshot whose members come from
/// any sources. ``TextAwareConversion`` converts it, and ``TextAwareDecoder`` decodes it.
enum TextAwareNode {
    /// A value set by one loader; `text` says whether its strings convert with the text rules.
    case value(PropertyValue, text: Bool)
    /// A table of the snapshot; each member carries its own source.
    case section(SnapshotTable, PropertySnapshot)
    /// One item of a text read as a list: text, but not split again, so that a type that asks
    /// every value for a list (a decoder of any shape) ends.
    case item(String)

    /// The members of a table, in order, or nil when the node is not a table.
    var members: [(name: String, node: TextAwareNode)]? {
        switch self {
        case .section(let table, let snapshot):
            var result: [(name: String, node: TextAwareNode)] = []
            result.reserveCapacity(table.count)
            for offset in 0..<table.count {
                let member = table.member(at: offset)
                switch member.node {
                case .table(let nested): result.append((member.name, .section(nested, snapshot)))
                case .value(let node, let source):
                    result.append((member.name, .value(node.value, text: snapshot.isText(source))))
                }
            }
            return result
        case .value(.table(let table), let text):
            return table.entries.map { ($0.key, .value($0.node.value, text: text)) }
        case .value, .item:
            return nil
        }
    }

    /// The elements of an array, or the items of a text read as a list (see
    /// ``TextConversion/listItems(of:)``); nil for anything else.
    var elements: [TextAwareNode]? {
        switch self {
        case .value(.array(let nodes), let text): nodes.map { .value($0.value, text: text) }
        case .value(.string(let string), true):
            TextConversion.listItems(of: string).map { .item($0) }
        default: nil
        }
    }

    /// Whether the node is null.
    var isNull: Bool {
        if case .value(.null, _) = self { return true }
        return false
    }

    /// The stored value, a section gathered into a table.
    var value: PropertyValue {
        switch self {
        case .value(let value, _): value
        case .section(let table, _): .table(PropertySnapshot.gather(table).table)
        case .item(let text): .string(text)
        }
    }

    /// A short description of what the node holds, for decoding errors.
    var kindDescription: String {
        switch self {
        case .value(let value, _): value.kindName
        case .section: "table"
        case .item: "string"
        }
    }
}

extension PropertySnapshot {
    /// Whether the source at `index` has only text.
    func isText(_ index: Int32) -> Bool {
        sources[Int(index)].valuesAreText
    }

    /// What `key` names as a ``TextAwareNode``, or nil when it names nothing or nothing in it came
    /// from a text source (then the typed table alone decides).
    func textAwareNode(_ key: String) -> TextAwareNode? {
        switch find(key) {
        case .value(let node, let source):
            return isText(source) ? .value(node.value, text: true) : nil
        case .table(let table):
            return containsText(table) ? .section(table, self) : nil
        case nil:
            return nil
        }
    }

    /// Whether any value under `table` came from a text source; walked with an explicit stack.
    private func containsText(_ table: SnapshotTable) -> Bool {
        var pending = [table]
        while let current = pending.popLast() {
            for offset in 0..<current.count {
                switch current.nodes[offset] {
                case .table(let nested): pending.append(nested)
                case .value(_, let source): if isText(source) { return true }
                }
            }
        }
        return false
    }
}
