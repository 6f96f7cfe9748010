import PropertyFormats

extension PropertySnapshot {
    /// One side of a comparison: a table of a snapshot, or a value set by a loader.
    private enum Side {
        case table(SnapshotTable)
        case value(PropertyNode)

        init(_ node: SnapshotNode) {
            switch node {
            case .table(let table): self = .table(table)
            case .value(let node, _): self = .value(node)
            }
        }

        /// The value a snapshot table holds beside its members (``SnapshotTable/own``).
        var own: PropertyNode? {
            if case .table(let table) = self { return table.own?.node }
            return nil
        }

        /// The value when the side is a value that a table can hold beside its members: not a
        /// table, not an array.
        var scalar: PropertyNode? {
            guard case .value(let node) = self else { return nil }
            switch node.value {
            case .table, .array: return nil
            default: return node
            }
        }

        /// The members when the side is a table (of the snapshot or a table value).
        var members: [(name: String, side: Side)]? {
            switch self {
            case .table(let table):
                return (0..<table.count).map { offset in
                    let member = table.member(at: offset)
                    return (member.name, Side(member.node))
                }
            case .value(let node):
                guard case .table(let table) = node.value else { return nil }
                return table.entries.map { ($0.key, .value($0.node)) }
            }
        }
    }

    /// The flat keys of the leaves (as ``allRecords()`` lists them) whose value differs between
    /// `old` and this snapshot, or that only one of them has, sorted by their bytes.
    ///
    /// Tables are compared member by member and values with `==` (positions do not count), with
    /// an explicit stack; a table both snapshots share is skipped whole. Time is linear in the
    /// members of the tables that differ.
    func changedKeys(since old: PropertySnapshot) -> [String] {
        var changed: [String] = []
        var pending: [(old: Side?, new: Side?, key: [UInt8])] = [(.table(old.root), .table(root), [])]
        while let (before, after, key) = pending.popLast() {
            if case .table(let first)? = before, case .table(let second)? = after, first === second { continue }
            if let oldMembers = before?.members, let newMembers = after?.members {
                var byName: [String: Side] = [:]
                byName.reserveCapacity(oldMembers.count)
                for member in oldMembers { byName[member.name] = member.side }
                for member in newMembers {
                    pending.append((byName.removeValue(forKey: member.name), member.side, Self.key(key, member.name)))
                }
                for member in oldMembers where byName[member.name] != nil {
                    pending.append((member.side, nil, Self.key(key, member.name)))
                }
                // Two empty tables are the same leaf; an empty table and a filled one differ, and so
                // does a value beside members (``SnapshotTable/own``) that changed.
                let emptiness = oldMembers.isEmpty != newMembers.isEmpty && !key.isEmpty
                if emptiness || before?.own?.value != after?.own?.value { changed.append(Self.text(key)) }
                continue
            }
            // A value on one side and a table on the other: the value compares with the table's
            // own value, and the members are new or gone.
            if let value = before?.scalar, let members = after?.members {
                Self.appendChanges(of: value, beside: after?.own, members, at: key, to: &changed)
                continue
            }
            if let value = after?.scalar, let members = before?.members {
                Self.appendChanges(of: value, beside: before?.own, members, at: key, to: &changed)
                continue
            }
            if case .value(let first)? = before, case .value(let second)? = after, first.value == second.value {
                continue
            }
            Self.appendLeaves(of: before, at: key, to: &changed)
            Self.appendLeaves(of: after, at: key, to: &changed)
        }
        var seen = Set<String>()
        return changed.filter { seen.insert($0).inserted }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The flat keys of every leaf at or under `side`: the key itself for a value that is not
    /// a table or for an empty table.
    private static func appendLeaves(of side: Side?, at key: [UInt8], to keys: inout [String]) {
        guard let side else { return }
        var pending: [(Side, [UInt8])] = [(side, key)]
        while let (current, path) = pending.popLast() {
            if current.own != nil, !path.isEmpty { keys.append(text(path)) }
            guard let members = current.members, !members.isEmpty else {
                if !path.isEmpty { keys.append(text(path)) }
                continue
            }
            for member in members { pending.append((member.side, Self.key(path, member.name))) }
        }
    }

    /// The keys that differ between a scalar `value` at `key` and a table at `key` with the
    /// value `own` and `members`: `key` when the two values differ, and every leaf of the members.
    private static func appendChanges(
        of value: PropertyNode, beside own: PropertyNode?, _ members: [(name: String, side: Side)], at key: [UInt8],
        to keys: inout [String]
    ) {
        if own?.value != value.value { keys.append(text(key)) }
        for member in members { appendLeaves(of: member.side, at: Self.key(key, member.name), to: &keys) }
    }

    private static func key(_ prefix: [UInt8], _ name: String) -> [UInt8] {
        var key = prefix
        if !key.isEmpty { key.append(UInt8(ascii: ".")) }
        PropertyKeyPath.append(name, to: &key)
        return key
    }

    private static func text(_ key: [UInt8]) -> String {
        String(decoding: key, as: UTF8.self)
    }
}
