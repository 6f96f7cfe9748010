/// Applies TOML's table rules while a document is read: which table a header opens, where a
/// dotted key goes, and every redefinition the specification forbids.
struct TOMLDocumentBuilder {
    let root: TOMLTable
    /// The table that key/value pairs go into: the last header's table.
    var current: TOMLTable
    /// Every nested table and array of tables, in the order they were created; entries refer
    /// to them by index until the document is finished.
    private(set) var children: [TOMLItem] = []
    /// Keys created so far, against ``ParseLimits/maxKeys``.
    var keyCount = 0
    let limits: ParseLimits
    /// The sizes of the tables built so far, by kind, which new tables reserve room by.
    let sizes = TOMLTableSizes()

    init(limits: ParseLimits) {
        self.limits = limits
        self.root = TOMLTable(origin: .root, position: SourcePosition(line: 1, column: 1), depth: 0)
        self.current = root
    }

    /// Opens `[path]`, written at `position`.
    mutating func openTable(_ path: ArraySlice<TOMLKey>, at position: SourcePosition) throws(ParseError) {
        let parent = try walkHeader(path, at: position)
        guard let last = path.last else { return }
        if let slot = parent.find(last) {
            let existing = parent.entries[slot]
            switch item(in: parent, at: slot) {
            case .table(let table) where table.origin == .implicit:
                table.define(at: position, keyPosition: last.position, in: parent, slot: slot)
                current = table
            case .table(let table) where table.origin == .dotted:
                throw ParseError(
                    .redefinition,
                    "table [\(Self.name(path))] already defined by dotted keys at line \(existing.keyPosition.line)",
                    at: position, related: existing.keyPosition)
            case .table(let table):
                throw ParseError(
                    .redefinition, "table [\(Self.name(path))] already defined at line \(table.position.line)",
                    at: position, related: table.position)
            case .tableArray(let array):
                throw ParseError(
                    .redefinition,
                    "table [\(Self.name(path))] already defined as an array of tables at line \(array.position.line)",
                    at: position, related: array.position)
            case .value:
                throw Self.notATable(path, node: existing.node, keyPosition: existing.keyPosition, at: position)
            }
        } else {
            let table = try newTable(.header, named: last, in: parent, at: position)
            try add(last, .table(table), to: parent)
            current = table
        }
    }

    /// Opens `[[path]]`, written at `position`: appends a table to the array of tables.
    mutating func openArrayTable(_ path: ArraySlice<TOMLKey>, at position: SourcePosition) throws(ParseError) {
        let parent = try walkHeader(path, at: position)
        guard let last = path.last else { return }
        let table = try newTable(.header, named: last, in: parent, at: position)
        if let slot = parent.find(last) {
            let existing = parent.entries[slot]
            switch item(in: parent, at: slot) {
            case .tableArray(let array):
                array.tables.append(table)
            case .table(let other):
                throw ParseError(
                    .redefinition,
                    "cannot define array of tables [[\(Self.name(path))]]: already a table at line "
                        + "\(other.position.line)",
                    at: position, related: other.position)
            case .value:
                throw Self.notATable(path, node: existing.node, keyPosition: existing.keyPosition, at: position)
            }
        } else {
            try add(last, .tableArray(TOMLTableArray(first: table)), to: parent)
        }
        current = table
    }

    /// Follows a header's path up to its last segment, creating implicit tables.
    private mutating func walkHeader(_ path: ArraySlice<TOMLKey>, at position: SourcePosition) throws(ParseError)
        -> TOMLTable
    {
        var table = root
        for segment in path.dropLast() {
            if let slot = table.find(segment) {
                let existing = table.entries[slot]
                switch item(in: table, at: slot) {
                case .table(let next):
                    table = next
                case .tableArray(let array):
                    guard let next = array.tables.last else { return table }
                    table = next
                case .value:
                    throw Self.notATable(
                        path, node: existing.node, keyPosition: existing.keyPosition, at: segment.position)
                }
            } else {
                let next = try newTable(.implicit, named: segment, in: table, at: segment.position)
                try add(segment, .table(next), to: table)
                table = next
            }
        }
        return table
    }

    /// Stores `node` under the dotted key `path` in `table` (the current table or an inline
    /// table), creating tables for the leading segments.
    mutating func insert(_ path: ArraySlice<TOMLKey>, _ node: consuming PropertyNode, into table: TOMLTable)
        throws(ParseError)
    {
        var target = table
        for segment in path.dropLast() {
            if let slot = target.find(segment) {
                let existing = target.entries[slot]
                switch item(in: target, at: slot) {
                case .table(let next) where next.origin == .dotted:
                    target = next
                case .table(let next):
                    throw ParseError(
                        .redefinition,
                        "cannot add to table '\(segment.name)' with a dotted key: it was defined at line "
                            + "\(next.position.line)",
                        at: segment.position, related: next.position)
                case .tableArray(let array):
                    throw ParseError(
                        .redefinition,
                        "cannot add to array of tables '\(segment.name)' with a dotted key: it was defined at line "
                            + "\(array.position.line)",
                        at: segment.position, related: array.position)
                case .value:
                    throw ParseError(
                        .redefinition,
                        "cannot add to key '\(segment.name)': it is already defined as \(Self.article(existing.node)) at "
                            + "line \(existing.keyPosition.line)",
                        at: segment.position, related: existing.keyPosition)
                }
            } else {
                let next = try newTable(.dotted, named: segment, in: target, at: segment.position)
                try add(segment, .table(next), to: target)
                target = next
            }
        }
        guard let last = path.last else { return }
        try countKey(at: last.position)
        if let slot = target.appendValueIfAbsent(last, node: node) {
            let earlier = target.entries[slot]
            throw ParseError(
                .duplicateKey,
                "key '\(last.name)' already defined at line \(earlier.keyPosition.line)"
                    + TableKey.normalizationHint(earlier.key, last.name),
                at: last.position, related: earlier.keyPosition)
        }
    }

    /// A new empty table named `key`, one level below `parent`.
    func newTable(_ origin: TOMLTable.Origin, named key: TOMLKey, in parent: TOMLTable, at position: SourcePosition)
        throws(ParseError) -> TOMLTable
    {
        guard parent.depth < limits.maxDepth else {
            throw ParseError(.nestingTooDeep, "tables nested deeper than \(limits.maxDepth) levels", at: position)
        }
        let depth = parent.depth + 1
        return TOMLTable(
            origin: origin, position: position, depth: depth, sizes: sizes,
            sizeSlot: TOMLTableSizes.slot(fingerprint: key.fingerprint, depth: depth))
    }

    /// Counts one more key against the key limit.
    private mutating func countKey(at position: SourcePosition) throws(ParseError) {
        keyCount += 1
        guard keyCount <= limits.maxKeys else {
            throw ParseError(.tooManyKeys, "more than \(limits.maxKeys) keys", at: position)
        }
    }

    /// Adds a nested table or array of tables under a key known to be absent.
    private mutating func add(_ key: TOMLKey, _ item: TOMLItem, to table: TOMLTable) throws(ParseError) {
        try countKey(at: key.position)
        children.append(item)
        table.append(key, node: Self.placeholder, child: children.count - 1)
    }

    /// What the entry at `slot` of `table` holds.
    private func item(in table: TOMLTable, at slot: Int) -> TOMLItem {
        guard let child = table.childIndex(at: slot), child >= 0, child < children.count else { return .value }
        return children[child]
    }

    /// The finished root table.
    func finish() -> PropertyTable {
        root.finish(children)
    }

    /// What a nested table's entry holds until the table is finished.
    private static let placeholder = PropertyNode(.null)

    private static func notATable(
        _ path: ArraySlice<TOMLKey>, node: PropertyNode, keyPosition: SourcePosition, at position: SourcePosition
    ) -> ParseError {
        ParseError(
            .redefinition,
            "cannot use [\(name(path))] as a table: key already defined as \(article(node)) at line "
                + "\(keyPosition.line)",
            at: position, related: keyPosition)
    }

    private static func article(_ node: PropertyNode) -> String {
        if case .table = node.value { return "an inline table" }
        if case .array = node.value { return "an array" }
        let name = node.value.kindName
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// A header path as text, for messages.
    static func name(_ path: ArraySlice<TOMLKey>) -> String {
        path.map { segment in
            let bare = !segment.name.isEmpty && segment.name.utf8.allSatisfy { TOMLReader.isBareKeyByte($0) }
            return bare ? segment.name : "\"\(segment.name)\""
        }.joined(separator: ".")
    }
}
