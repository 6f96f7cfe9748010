import PropertyFormats
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Builds a ``PropertySnapshot`` from an earlier one and a batch, following the merge model
/// documented there. A batch that would drop a value it set itself fails
/// (``SameLoaderConflict``).
///
/// Tables of the earlier snapshot are shared; a table is copied the first time this builder
/// writes it (its `generation` tells), so applying a batch costs the size of the batch plus the
/// width of the tables it writes into, whatever the size of the rest. Every walk uses an
/// explicit stack, never recursion over key depth.
struct SnapshotBuilder {
    let generation: Int
    private let root: SnapshotTable
    private var sources: [PropertySource]
    let maxKeySegments: Int
    /// Whether a batch applied may have set a value with a placeholder in it.
    private var newValuesMayHoldPlaceholders = false
    /// What the batch being applied wrote, for ``SameLoaderConflict``: its first source (a value
    /// whose source is at least this one was set by it) and its number, which the tables it
    /// walks into record (``SnapshotTable/writtenBy``; numbers come from the generation counter,
    /// so no two batches share one).
    private(set) var batchFirstSource: Int32 = .max
    private var batchID = 0
    /// The batch's operations, the one being applied, and the paths the earlier ones set
    /// (gathered only when a dotted key meets a value of its own batch, to tell a repeated key).
    private var batchOperations: [PropertyBatch.Operation] = []
    private var operationIndex = 0
    private var earlierPaths: (paths: Set<[String]>, upTo: Int) = ([], 0)
    /// Off while an environment variable is set through ``EnvironmentMatching``.
    private var checksOwnValues = true
    /// On while a table value merges into a table its own batch made from dotted keys, where a
    /// leaf that replaces a value of the batch is a second value for one key.
    private var strictLeaves = false

    private static let generations = StoredAtomic<Int>(0)

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
        batchFirstSource = first
        batchID = Self.generations.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
        batchOperations = batch.operations
        earlierPaths = ([], 0)
        if !batch.holdsNoPlaceholders { newValuesMayHoldPlaceholders = true }
        // Built at the first environment variable, over the keys set before it.
        var matching: EnvironmentMatching?
        // A batch of top-level members (a JSON object's) fills an empty root without growing it.
        if root.count == 0 { root.reserveCapacity(batch.operationCount) }
        for (index, operation) in batch.operations.enumerated() {
            operationIndex = index
            switch operation {
            case .set(let key, let node, let source):
                let sourceName = batch.sources[Int(source)].name
                var mergesLeaves = false
                if merging == .deep, case .table = node.value { mergesLeaves = true }
                if !mergesLeaves, PropertyKeyPath.isSingleSegment(key) {
                    // The usual top-level member: no path to split, no table on the way.
                    try check(1, key: { key }, source: sourceName, position: node.position)
                    let made = try makeNode(
                        node, depth: 1, source: first + source, sourceName: sourceName, path: { [key] })
                    if let replaced = root.set(key, made) {
                        try checkReplacement(
                            replaced, by: made, in: root, named: key, path: [key], byPath: false, repeatable: true,
                            source: sourceName, at: node.position)
                    }
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
                if matching == nil {
                    matching = EnvironmentMatching(
                        root: root, letterCounts: Self.letterCounts(of: batch.operations[index...]))
                }
                // Mutated in place: a copy would copy the index for every variable.
                guard let path = try matching?.target(for: key, source: sourceName) else { continue }
                try check(path.count, key: { key.variable }, source: sourceName, position: node.position)
                // Which key a variable names is the matching's rule (it refuses two variables for one key).
                checksOwnValues = false
                defer { checksOwnValues = true }
                try set(node, at: path, source: first + source, sourceName: sourceName)
            }
        }
    }

    /// The letter counts of the words of the variables among `operations`.
    private static func letterCounts(of operations: ArraySlice<PropertyBatch.Operation>) -> Set<Int> {
        var counts = Set<Int>()
        for case .setMatching(let key, _, _) in operations { counts.insert(key.letterCount) }
        return counts
    }

    /// Sets the node at `path` (not empty) to `node`, whole.
    private mutating func set(_ node: PropertyNode, at path: [String], source: Int32, sourceName: String)
        throws(PropertyLoaderError)
    {
        guard path.last != nil else { return }
        var table = root
        for depth in 0..<(path.count - 1) {
            table = try writableTable(
                in: table, path: path, depth: depth, origin: nil, source: sourceName, at: node.position)
        }
        let made = try makeNode(node, depth: path.count, source: source, sourceName: sourceName, path: { path })
        if let replaced = table.set(path[path.count - 1], made) {
            try checkReplacement(
                replaced, by: made, in: table, named: path[path.count - 1], path: path, byPath: path.count > 1,
                repeatable: true, source: sourceName, at: node.position)
        }
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
                        for depth in path.indices {
                            target = try writableTable(
                                in: target, path: path, depth: depth, origin: nil, source: sourceName,
                                at: entry.node.position)
                        }
                        frames[0].target = target
                    } else if let parent = frames[level - 1].target {
                        let tablePath = path + frames[1...level].map(\.name)
                        frames[level].target = try writableTable(
                            in: parent, path: tablePath, depth: tablePath.count - 1,
                            origin: (source, frames[level].origin), capacity: frames[level].entries.count,
                            source: sourceName, at: frames[level].origin)
                    }
                }
                level += 1
            }
            guard let target = frames[top].target else { continue }
            guard storesWhole else {
                let made = SnapshotNode.value(entry.node, source: source)
                if let replaced = target.set(entry.key, made) {
                    // Leaf by leaf, a later leaf replaces an earlier one (a table may repeat a key).
                    try checkReplacement(
                        replaced, by: made, in: target, named: entry.key,
                        path: path + frames.dropFirst().map(\.name) + [entry.key], byPath: false,
                        repeatable: false, source: sourceName, at: entry.node.position)
                }
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

    /// ``childTable(of:named:origin:capacity:)`` for the segment `path[depth]` below `parent`,
    /// recorded as a table the batch being applied wrote into. A scalar there becomes the table's
    /// own value (``SnapshotTable/own``); an array this batch set fails (``SameLoaderConflict``):
    /// making a table in its place would drop it.
    private mutating func writableTable(
        in parent: SnapshotTable, path: [String], depth: Int, origin: (source: Int32, position: SourcePosition)?,
        capacity: Int = 0, source: String, at position: SourcePosition
    ) throws(PropertyLoaderError) -> SnapshotTable {
        let (table, replaced) = childTable(of: parent, named: path[depth], origin: origin, capacity: capacity)
        if checksOwnValues, let replaced, replaced.source >= batchFirstSource {
            throw SameLoaderConflict.through(
                path: path, depth: depth, earlier: replaced.node.position, source: source, at: position)
        }
        table.writtenBy = batchID
        return table
    }

    /// Fails when `replaced`, the node that setting `path` replaced, holds what the batch being
    /// applied set: a table it made or wrote into, or, for a dotted key (`byPath`), a value. A
    /// key the batch sets twice with the same path (a repeated `.env` line, a repeated
    /// command-line option: `repeatable` operations) keeps its later value.
    ///
    /// A scalar set where the batch made a table becomes that table's own value
    /// (``SnapshotTable/own``), and a table value set there merges into it leaf by leaf; only
    /// a full key that gets two values fails. A node of an earlier batch keeps the slot `made`
    /// does not fill (``keepOtherSlot(of:besides:in:named:)``). `made` is the node
    /// `parent.set(name, _)` put in place of `replaced`.
    private mutating func checkReplacement(
        _ replaced: SnapshotNode, by made: SnapshotNode, in parent: SnapshotTable, named name: String,
        path: [String], byPath: Bool, repeatable: Bool, source: String, at position: SourcePosition
    ) throws(PropertyLoaderError) {
        switch replaced {
        case .table(let table):
            // A table made from one of this batch's values records it as its origin.
            guard table.writtenBy == batchID || (table.origin?.source ?? -1) >= batchFirstSource else {
                keepOtherSlot(of: replaced, besides: made, in: parent, named: name)
                return
            }
            let conflict = SameLoaderConflict.over(path: path, earlier: nil, source: source, at: position)
            guard table.generation == generation, let offset = parent.offset(of: name) else {
                if checksOwnValues { throw conflict }
                return
            }
            let node: PropertyNode
            let from: Int32
            switch made {
            case .value(let value, let source):
                (node, from) = (value, source)
            case .table(let madeTable):
                // A large table value, made a snapshot table whole: merged the same way.
                guard let origin = madeTable.origin else {
                    if checksOwnValues { throw conflict }
                    return
                }
                (node, from) = (PropertyNode(.table(PropertySnapshot.gather(madeTable).table)), origin.source)
            }
            switch node.value {
            case .array:
                if checksOwnValues { throw conflict }
            case .table(let members):
                // `{"a.b": 1, "a": {"c": 2}}`: the members join the table; a leaf set twice fails.
                parent.revertSet(at: offset)
                let wasStrict = strictLeaves
                strictLeaves = checksOwnValues
                defer { strictLeaves = wasStrict }
                try mergeLeaves(members, at: path, source: from, sourceName: source)
            default:
                if checksOwnValues, let own = table.own, own.source >= batchFirstSource,
                    !(repeatable && isRepeated(path))
                {
                    throw SameLoaderConflict.over(path: path, earlier: own.node.position, source: source, at: position)
                }
                parent.revertSet(at: offset)
                // The value replaced keeps its place in the key's history (provenance).
                if let own = table.own { parent.addShadow(.value(own.node, source: own.source), at: offset) }
                table.own = (node, from)
            }
        case .value(let earlier, let from):
            if case .table = earlier.value, from >= batchFirstSource, let offset = parent.offset(of: name) {
                // A table value of this batch is a table it made: expanded, it follows the rule above.
                parent.revertSet(at: offset)
                let expanded = childTable(of: parent, named: name, origin: nil).table
                expanded.writtenBy = batchID
                if let again = parent.set(name, made) {
                    try checkReplacement(
                        again, by: made, in: parent, named: name, path: path, byPath: byPath, repeatable: repeatable,
                        source: source, at: position)
                }
                return
            }
            if from < batchFirstSource {
                keepOtherSlot(of: replaced, besides: made, in: parent, named: name)
                return
            }
            guard checksOwnValues, byPath || strictLeaves else { return }
            if repeatable, isRepeated(path) { return }
            throw SameLoaderConflict.over(path: path, earlier: earlier.position, source: source, at: position)
        }
    }

    /// Whether an operation of the batch before the current one set exactly `path`. The paths
    /// are gathered from where the last call stopped, so a batch is read once however many
    /// times this is asked.
    private mutating func isRepeated(_ path: [String]) -> Bool {
        while earlierPaths.upTo < operationIndex {
            switch batchOperations[earlierPaths.upTo] {
            case .set(let key, _, _): earlierPaths.paths.insert(PropertyKeyPath.segments(of: key))
            case .setMatching, .mergeLeaves: break
            }
            earlierPaths.upTo += 1
        }
        return earlierPaths.paths.contains(path)
    }

    /// The member table `name` of `parent` (a table this builder owns), made writable: copied
    /// when an earlier snapshot owns it, expanded one level when it is a table value, made when
    /// absent, or made in place of another value (which becomes its shadow). A made table
    /// records `origin` and has room for `capacity` members; a copied or expanded one has no
    /// origin, since it now mixes loaders. Also returns the value a made table replaced.
    func childTable(
        of parent: SnapshotTable, named name: String, origin: (source: Int32, position: SourcePosition)?,
        capacity: Int = 0
    ) -> (table: SnapshotTable, replaced: (node: PropertyNode, source: Int32)?) {
        if let offset = parent.offset(of: name) {
            switch parent.nodes[offset] {
            case .table(let existing):
                if existing.generation == generation { return (existing, nil) }
                let copy = existing.copy(generation: generation)
                copy.origin = nil
                parent.replaceInPlace(at: offset, with: .table(copy))
                return (copy, nil)
            case .value(let node, let source):
                switch node.value {
                case .array, .table: break
                default:
                    // A scalar on the way stays, as the made table's own value: a path through
                    // `test` does not set `test` (``SnapshotTable/own``).
                    let made = SnapshotTable(generation: generation)
                    made.origin = origin
                    made.own = (node, source)
                    made.reserveCapacity(capacity)
                    parent.replaceInPlace(at: offset, with: .table(made))
                    return (made, nil)
                }
                if case .table(let members) = node.value {
                    // The same value as a table this builder writes into: not a replacement, but
                    // no longer from one loader.
                    let expanded = expand(members, source: source)
                    parent.replaceInPlace(at: offset, with: .table(expanded))
                    return (expanded, nil)
                }
            }
        }
        let made = SnapshotTable(generation: generation)
        made.origin = origin
        made.reserveCapacity(capacity)
        if case .value(let node, let source)? = parent.set(name, .table(made)) { return (made, (node, source)) }
        return (made, nil)
    }

    /// A snapshot table of this builder with the members of the table value `members`, set by
    /// `source`.
    func expand(_ members: PropertyTable, source: Int32) -> SnapshotTable {
        let expanded = SnapshotTable(generation: generation)
        if let keyIndex = members.keyIndex {
            // Distinct ASCII names with their index: handed over, not hashed again.
            expanded.fill(
                names: members.entries.map(\.key), nodes: members.entries.map { .value($0.node, source: source) },
                index: keyIndex.index)
        } else {
            for entry in members.entries { expanded.set(entry.key, .value(entry.node, source: source)) }
        }
        return expanded
    }

    /// Fails when a key would have more than `ParseLimits.maxKeySegments` segments.
    func check(
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
