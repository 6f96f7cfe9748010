import Atomics
import PropertyFormats

/// Builds a ``PropertySnapshot`` from an earlier one and a batch, following the merge model
/// documented there.
///
/// Tables of the earlier snapshot are shared; a table is copied the first time this builder
/// writes it (its `generation` tells), so applying a batch costs the size of the batch plus the
/// width of the tables it writes into, whatever the size of the rest. Every walk uses an
/// explicit stack, never recursion over key depth.
struct SnapshotBuilder {
    private let generation: Int
    private let root: SnapshotTable
    private var sources: [PropertySource]
    private let maxKeySegments: Int
    /// Whether a batch applied may have set a value with a placeholder in it.
    private var newValuesMayHoldPlaceholders = false

    private static let generations = ManagedAtomic<Int>(0)

    init(base: PropertySnapshot, maxKeySegments: Int) {
        generation = Self.generations.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
        root = base.root.copy(generation: generation)
        sources = base.sources
        self.maxKeySegments = maxKeySegments
    }

    /// The snapshot built so far.
    func snapshot() -> PropertySnapshot {
        PropertySnapshot(root: root, sources: sources)
    }

    /// The snapshot built so far with its placeholders resolved: the templates at `previous`
    /// (found by an earlier build) and in the values this builder set, whose sources are
    /// numbered from `firstNewSource`.
    func resolvedSnapshot(
        firstNewSource: Int32, previous: [[String]], limits: PlaceholderLimits, secrets: PropertySecrets
    ) throws(PropertyLoaderError) -> PropertySnapshot {
        try PlaceholderResolution.finish(
            root: root, sources: sources, generation: generation, firstNewSource: firstNewSource,
            previous: previous, scanNewValues: newValuesMayHoldPlaceholders, limits: limits, secrets: secrets)
    }

    /// Applies every operation of `batch`, in order.
    mutating func apply(_ batch: PropertyBatch, merging: PropertyMerge) throws(PropertyLoaderError) {
        let first = Int32(sources.count)
        sources.append(contentsOf: batch.sources)
        if !batch.holdsNoPlaceholders { newValuesMayHoldPlaceholders = true }
        // Built at the first environment variable, over the keys set before it.
        var matching: EnvironmentMatching?
        // A batch of top-level members (a JSON object's) fills an empty root without growing it.
        if root.count == 0 { root.reserveCapacity(batch.operationCount) }
        for operation in batch.operations {
            switch operation {
            case .set(let key, let node, let source):
                let sourceName = batch.sources[Int(source)].name
                var mergesLeaves = false
                if merging == .deep, case .table = node.value { mergesLeaves = true }
                if !mergesLeaves, PropertyKeyPath.isSingleSegment(key) {
                    // The usual top-level member: no path to split, no table on the way.
                    try check(1, key: { key }, source: sourceName, position: node.position)
                    root.set(
                        key,
                        try makeNode(node, depth: 1, source: first + source, sourceName: sourceName, path: { [key] }))
                    continue
                }
                let path = PropertyKeyPath.segments(of: key)
                try check(path.count, key: { key }, source: sourceName, position: node.position)
                if merging == .deep, case .table(let table) = node.value {
                    try mergeLeaves(table, at: path, source: first + source, sourceName: sourceName)
                } else {
                    try set(node, at: path, source: first + source, sourceName: sourceName)
                }
            case .mergeLeaves(let table, let source):
                try mergeLeaves(table, at: [], source: first + source, sourceName: batch.sources[Int(source)].name)
            case .setMatching(let key, let node, let source):
                let sourceName = batch.sources[Int(source)].name
                if matching == nil { matching = EnvironmentMatching(root: root) }
                // Mutated in place: a copy would copy the index for every variable.
                guard let path = try matching?.target(for: key, source: sourceName) else { continue }
                try check(path.count, key: { key.variable }, source: sourceName, position: node.position)
                try set(node, at: path, source: first + source, sourceName: sourceName)
            }
        }
    }

    /// Sets the node at `path` (not empty) to `node`, whole.
    private mutating func set(_ node: PropertyNode, at path: [String], source: Int32, sourceName: String)
        throws(PropertyLoaderError)
    {
        guard let last = path.last else { return }
        var table = root
        for name in path.dropLast() { table = childTable(of: table, named: name, origin: nil) }
        table.set(last, try makeNode(node, depth: path.count, source: source, sourceName: sourceName, path: { path }))
    }

    /// Sets every leaf of `table` at `path` followed by its key path. Tables on the way are made
    /// (or copied) only when a leaf is set under them, so an empty table adds nothing. A small
    /// nested table is stored whole where nothing is set yet (``WholeTables``).
    private mutating func mergeLeaves(_ table: PropertyTable, at path: [String], source: Int32, sourceName: String)
        throws(PropertyLoaderError)
    {
        let whole = WholeTables(table, depth: path.count, maxKeySegments: maxKeySegments)
        // One frame per source table being walked; `target` is the table it merges into, once
        // made; `number` is the table's in `whole`, `child` the number of its next nested table.
        var frames:
            [(
                entries: [PropertyTable.Entry], next: Int, target: SnapshotTable?, name: String,
                origin: SourcePosition, number: Int, child: Int
            )] = [(table.entries, 0, nil, "", .unknown, 0, whole.firstChild[0])]
        while !frames.isEmpty {
            let top = frames.count - 1
            let next = frames[top].next
            guard next < frames[top].entries.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = next + 1
            let entry = frames[top].entries[next]
            let depth = path.count + top + 1
            var storesWhole = false
            if case .table(let nested) = entry.node.value {
                let number = frames[top].child
                frames[top].child = number + 1
                storesWhole = whole.fits[number]
                if !storesWhole {
                    frames.append(
                        (nested.entries, 0, nil, entry.key, entry.node.position, number, whole.firstChild[number]))
                    continue
                }
            } else {
                try check(
                    depth, key: { PropertyKeyPath.spelling(path + frames.dropFirst().map(\.name) + [entry.key]) },
                    source: sourceName, position: entry.node.position)
            }
            // Make the targets of this frame and the frames above it that have none yet.
            var level = 0
            while level <= top {
                if frames[level].target == nil {
                    if level == 0 {
                        var target = root
                        for name in path { target = childTable(of: target, named: name, origin: nil) }
                        frames[0].target = target
                    } else if let parent = frames[level - 1].target {
                        frames[level].target = childTable(
                            of: parent, named: frames[level].name, origin: (source, frames[level].origin),
                            capacity: frames[level].entries.count)
                    }
                }
                level += 1
            }
            guard let target = frames[top].target else { continue }
            guard storesWhole else {
                target.set(entry.key, .value(entry.node, source: source))
                continue
            }
            // Stored whole only where nothing is yet: an earlier table or value there is merged
            // into member by member, as the merge model says.
            if !target.appendIfAbsent(entry.key, .value(entry.node, source: source)),
                case .table(let nested) = entry.node.value
            {
                let number = frames[top].child - 1
                frames.append(
                    (nested.entries, 0, nil, entry.key, entry.node.position, number, whole.firstChild[number]))
            }
        }
    }

    /// The member table `name` of `parent` (a table this builder owns), made writable: copied
    /// when an earlier snapshot owns it, expanded one level when it is a table value, made when
    /// absent, or made in place of another value (which becomes its shadow). A made table
    /// records `origin` and has room for `capacity` members; a copied or expanded one has no
    /// origin, since it now mixes loaders.
    private func childTable(
        of parent: SnapshotTable, named name: String, origin: (source: Int32, position: SourcePosition)?,
        capacity: Int = 0
    ) -> SnapshotTable {
        if let offset = parent.offset(of: name) {
            switch parent.nodes[offset] {
            case .table(let existing):
                if existing.generation == generation { return existing }
                let copy = existing.copy(generation: generation)
                copy.origin = nil
                parent.replaceInPlace(at: offset, with: .table(copy))
                return copy
            case .value(let node, let source):
                if case .table(let members) = node.value {
                    // The same value as a table this builder writes into: not a replacement, but
                    // no longer from one loader.
                    let expanded = SnapshotTable(generation: generation)
                    if let keyIndex = members.keyIndex {
                        // Distinct ASCII names with their index: handed over, not hashed again.
                        expanded.fill(
                            names: members.entries.map(\.key),
                            nodes: members.entries.map { .value($0.node, source: source) }, index: keyIndex.index)
                    } else {
                        for entry in members.entries { expanded.set(entry.key, .value(entry.node, source: source)) }
                    }
                    parent.replaceInPlace(at: offset, with: .table(expanded))
                    return expanded
                }
            }
        }
        let made = SnapshotTable(generation: generation)
        made.origin = origin
        made.reserveCapacity(capacity)
        parent.set(name, .table(made))
        return made
    }

    /// The snapshot node for a whole value, after checking the depth of every key in it.
    ///
    /// A table stays one value unless it, or a table in it (not inside arrays), has more than
    /// ``SnapshotTable/valueScanLimit`` members and no key index: those become snapshot tables,
    /// whose lookups are hashed. A smaller table is searched member by member, and a parsed
    /// table with its key index (``PropertyTable/keyIndex``) is searched by it, so either
    /// stays as the parser built it, sharing its entries, until a later loader writes into it
    /// and it is expanded.
    private func makeNode(
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
    @inline(__always)
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

    /// Fails when a key would have more than `ParseLimits.maxKeySegments` segments.
    private func check(
        _ segments: Int, key: () -> String, source: String, position: SourcePosition
    ) throws(PropertyLoaderError) {
        guard segments > maxKeySegments else { return }
        var shown = key()
        if shown.utf8.count > 80 { shown = String(shown.prefix(60)) + "…" }
        let message =
            "the property \"\(shown)\" has \(segments) or more key segments, more than the limit of "
            + "\(maxKeySegments) (ParseLimits.maxKeySegments)"
        throw PropertyLoaderError(
            .malformedContent, source: source, message: message, position: position,
            parseError: ParseError(.nestingTooDeep, message, at: position))
    }
}
