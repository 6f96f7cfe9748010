import PropertyFormats

extension SnapshotBuilder {
    /// What a node fills at its key: the key's own value, its members, or both (an array, which
    /// is a value that cannot sit beside members).
    private enum Slot {
        case value
        case members
        case whole

        init(_ node: SnapshotNode) {
            switch node {
            case .table: self = .members
            case .value(let node, _):
                switch node.value {
                case .table: self = .members
                case .array: self = .whole
                default: self = .value
                }
            }
        }
    }

    /// Puts back the slot of an earlier loader's node that a later one does not fill: between
    /// loaders a key's own value (``SnapshotTable/own``) and its members are separate slots.
    ///
    /// - A scalar (or `null`) replaces the key's value and keeps its members: `{"test": "b"}`
    ///   over `{"test": "a", "test.string": "s"}` reads `"b"` at `test` and keeps `test.string`,
    ///   with `"a"` in the key's history.
    /// - A table replaces the members (a leaf-by-leaf merge never gets here: it writes into the
    ///   earlier table) and keeps the value, whose history stays as it was.
    /// - An array fills both slots: it replaces, and is replaced by, everything at its key.
    ///
    /// `parent.set(name, made)` has just put `made` in place of `replaced`, a node of an earlier
    /// batch.
    mutating func keepOtherSlot(
        of replaced: SnapshotNode, besides made: SnapshotNode, in parent: SnapshotTable, named name: String
    ) {
        switch (Slot(made), Slot(replaced)) {
        case (.value, .members):
            guard case .value(let node, let from) = made, let offset = parent.offset(of: name) else { return }
            parent.revertSet(at: offset)
            let table = childTable(of: parent, named: name, origin: nil).table
            // The value replaced keeps its place in the key's history (provenance).
            if let own = table.own { parent.addShadow(.value(own.node, source: own.source), at: offset) }
            table.own = (node, from)
        case (.members, .value):
            guard case .value(let node, let from) = replaced else { return }
            carry((node, from), into: made, in: parent, named: name)
        case (.members, .members):
            guard case .table(let earlier) = replaced, let own = earlier.own else { return }
            carry(own, into: made, in: parent, named: name)
        default:
            return
        }
    }

    /// Gives `made`, the table a later loader set at `name` of `parent`, the earlier value `own`
    /// of the key. The value is still current, so it leaves the key's history: the node `made`
    /// replaced stays as its shadow without it (the members it had are history).
    private func carry(
        _ own: (node: PropertyNode, source: Int32), into made: SnapshotNode, in parent: SnapshotTable,
        named name: String
    ) {
        guard let offset = parent.offset(of: name) else { return }
        let table: SnapshotTable
        switch made {
        case .table(let madeTable):
            table = madeTable
        case .value(let node, let from):
            guard case .table(let members) = node.value else { return }
            table = expand(members, source: from)
            table.origin = (from, node.position)
        }
        table.own = own
        parent.revertSet(at: offset)
        if case .table(let earlier) = parent.nodes[offset], earlier.count > 0 {
            let members = earlier.copy(generation: generation)
            members.own = nil
            parent.replaceInPlace(at: offset, with: .table(members))
            parent.set(name, .table(table))
        } else {
            parent.replaceInPlace(at: offset, with: .table(table))
        }
    }
}
