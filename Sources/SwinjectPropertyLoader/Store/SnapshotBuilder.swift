import PropertyFormats
import Synchronization

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
    private var sources: [String]
    private let maxKeySegments: Int

    private static let generations = Atomic<Int>(0)

    init(base: PropertySnapshot, maxKeySegments: Int) {
        generation = Self.generations.wrappingAdd(1, ordering: .relaxed).newValue
        root = base.root.copy(generation: generation)
        sources = base.sources
        self.maxKeySegments = maxKeySegments
    }

    /// The snapshot built so far.
    func snapshot() -> PropertySnapshot {
        PropertySnapshot(root: root, sources: sources)
    }

    /// Applies every operation of `batch`, in order.
    mutating func apply(_ batch: PropertyBatch, merging: PropertyMerge) throws(PropertyLoaderError) {
        let first = Int32(sources.count)
        sources.append(contentsOf: batch.sources)
        for operation in batch.operations {
            switch operation {
            case .set(let key, let node, let source):
                let path = PropertyKeyPath.segments(of: key)
                let sourceName = batch.sources[Int(source)]
                try check(path.count, key: { key }, source: sourceName, position: node.position)
                if merging == .deep, case .table(let table) = node.value {
                    try mergeLeaves(table, at: path, source: first + source, sourceName: sourceName)
                } else {
                    try set(node, at: path, source: first + source, sourceName: sourceName)
                }
            case .mergeLeaves(let table, let source):
                try mergeLeaves(table, at: [], source: first + source, sourceName: batch.sources[Int(source)])
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
        table.set(last, try makeNode(node, depth: path.count, source: source, sourceName: sourceName, path: path))
    }

    /// Sets every leaf of `table` at `path` followed by its key path. Tables on the way are made
    /// (or copied) only when a leaf is set under them, so an empty table adds nothing.
    private mutating func mergeLeaves(_ table: PropertyTable, at path: [String], source: Int32, sourceName: String)
        throws(PropertyLoaderError)
    {
        // One frame per source table being walked; `target` is the table it merges into, once made.
        var frames:
            [(entries: [PropertyTable.Entry], next: Int, target: SnapshotTable?, name: String, origin: SourcePosition)] =
                [(table.entries, 0, nil, "", .unknown)]
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
            if case .table(let nested) = entry.node.value {
                frames.append((nested.entries, 0, nil, entry.key, entry.node.position))
                continue
            }
            try check(
                depth, key: { PropertyKeyPath.spelling(path + frames.dropFirst().map(\.name) + [entry.key]) },
                source: sourceName, position: entry.node.position)
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
                            of: parent, named: frames[level].name, origin: (source, frames[level].origin))
                    }
                }
                level += 1
            }
            frames[top].target?.set(entry.key, .value(entry.node, source: source))
        }
    }

    /// The member table `name` of `parent` (a table this builder owns), made writable: copied
    /// when an earlier snapshot owns it, made when absent, or made in place of a value (which
    /// becomes its shadow). A made table records `origin`; a copied one loses its origin, since
    /// it now mixes loaders.
    private func childTable(
        of parent: SnapshotTable, named name: String, origin: (source: Int32, position: SourcePosition)?
    ) -> SnapshotTable {
        if let offset = parent.offset(of: name), case .table(let existing) = parent.nodes[offset] {
            if existing.generation == generation { return existing }
            let copy = existing.copy(generation: generation)
            copy.origin = nil
            parent.replaceInPlace(at: offset, with: .table(copy))
            return copy
        }
        let made = SnapshotTable(generation: generation)
        made.origin = origin
        parent.set(name, .table(made))
        return made
    }

    /// The snapshot node for a whole value: a table becomes snapshot tables all the way down
    /// (not inside arrays), every other value a leaf.
    private func makeNode(_ node: PropertyNode, depth: Int, source: Int32, sourceName: String, path: [String])
        throws(PropertyLoaderError) -> SnapshotNode
    {
        guard case .table(let table) = node.value else { return .value(node, source: source) }
        let top = SnapshotTable(generation: generation)
        top.origin = (source, node.position)
        var pending: [(table: PropertyTable, target: SnapshotTable, depth: Int)] = [(table, top, depth)]
        while let (table, target, depth) = pending.popLast() {
            for entry in table.entries {
                try check(
                    depth + 1, key: { PropertyKeyPath.spelling(path + ["…", entry.key]) }, source: sourceName,
                    position: entry.node.position)
                if case .table(let nested) = entry.node.value {
                    let child = SnapshotTable(generation: generation)
                    child.origin = (source, entry.node.position)
                    target.set(entry.key, .table(child))
                    pending.append((nested, child, depth + 1))
                } else {
                    target.set(entry.key, .value(entry.node, source: source))
                }
            }
        }
        return .table(top)
    }

    /// Fails when a key would have more than ``ParseLimits/maxKeySegments`` segments.
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
