import PropertyFormats

/// Finds the snapshot values that hold templates, without walking what a build did not touch.
///
/// A build copies or makes every table it writes (its `generation` tells) and gives every value
/// it sets a source numbered from `firstNewSource`. So the values that may hold new templates
/// are the new values in the tables of that generation, and every older template is at a path
/// the previous snapshot listed. Finding them costs the width of the tables the build wrote plus
/// the size of the new values, which is what the build itself costs.
enum PlaceholderLocations {
    /// The paths of every value that holds a `$`, old and new. Without `scanNewValues` (every
    /// batch of the build is known to hold no `$`) only the older templates are looked at.
    static func find(
        in root: SnapshotTable, generation: Int, firstNewSource: Int32, previous: [[String]],
        scanNewValues: Bool = true
    ) -> [[String]] {
        var found: [[String]] = []
        var scan = DollarScan()
        // Templates set by earlier builds: still there unless replaced by a new value (found
        // below) or turned into a table (its older members are looked at here, one level).
        for path in previous {
            switch node(at: path, in: root) {
            case .value(_, let source)? where source < firstNewSource:
                found.append(path)
            case .table(let table)?:
                if let own = table.own, own.source < firstNewSource, mayHoldPlaceholder(own.node, scan: &scan) {
                    found.append(path)
                }
                for offset in 0..<table.count {
                    if case .value(let node, let source) = table.nodes[offset], source < firstNewSource,
                        mayHoldPlaceholder(node, scan: &scan)
                    {
                        found.append(path + [table.names[offset]])
                    }
                }
            default:
                break
            }
        }
        guard scanNewValues else { return found }
        var pending: [(table: SnapshotTable, path: [String])] = [(root, [])]
        while let (table, path) = pending.popLast() {
            for offset in 0..<table.count {
                switch table.nodes[offset] {
                case .table(let nested) where nested.generation == generation:
                    if let own = nested.own, own.source >= firstNewSource, mayHoldPlaceholder(own.node, scan: &scan) {
                        found.append(path + [table.names[offset]])
                    }
                    pending.append((nested, path + [table.names[offset]]))
                case .value(let node, let source)
                where source >= firstNewSource
                    && mayHoldPlaceholder(node, scan: &scan):
                    found.append(path + [table.names[offset]])
                default:
                    break
                }
            }
        }
        return found
    }

    /// The value at `path` that may hold a template: the value there, or the value of its own
    /// that the table there holds (``SnapshotTable/own``), with whether it is the latter.
    static func value(at path: [String], in root: SnapshotTable) -> (node: PropertyNode, source: Int32, own: Bool)? {
        switch node(at: path, in: root) {
        case .value(let node, let source)?: (node, source, false)
        case .table(let table)?: table.own.map { ($0.node, $0.source, true) }
        case nil: nil
        }
    }

    /// The node at a path of member names, or nil when the path passes through a value.
    static func node(at path: [String], in root: SnapshotTable) -> SnapshotNode? {
        var table = root
        for (depth, name) in path.enumerated() {
            guard let offset = table.offset(of: name) else { return nil }
            let node = table.nodes[offset]
            if depth == path.count - 1 { return node }
            guard case .table(let nested) = node else { return nil }
            table = nested
        }
        return .table(table)
    }

    /// Whether any string in the value holds a `$`: a string is looked at here, a container
    /// through `scan`, whose stack is kept from one value to the next.
    static func mayHoldPlaceholder(_ node: PropertyNode, scan: inout DollarScan) -> Bool {
        switch node.value {
        case .string(let text): PlaceholderTemplate.mayHoldPlaceholder(text)
        case .array, .table: scan.mayHoldPlaceholder(node.value)
        default: false
        }
    }

    /// The strings of a value in the order ``rebuild(_:replacing:)`` visits them: the value
    /// itself, or array elements in order and table members in order, depth first. Each comes
    /// with its path inside the value and its ordinal among the value's strings.
    static func strings(of node: PropertyNode) -> [(path: [String], text: String, position: SourcePosition)] {
        if case .string(let text) = node.value { return [([], text, node.position)] }
        var result: [(path: [String], text: String, position: SourcePosition)] = []
        var pending: [(node: PropertyNode, path: [String])] = [(node, [])]
        while let (node, path) = pending.popLast() {
            switch node.value {
            case .string(let text):
                result.append((path, text, node.position))
            case .array(let elements):
                for index in elements.indices.reversed() { pending.append((elements[index], path + [String(index)])) }
            case .table(let table):
                for entry in table.entries.reversed() { pending.append((entry.node, path + [entry.key])) }
            default:
                break
            }
        }
        return result
    }

    /// The value with its strings replaced: `replacements` holds, in the order of
    /// ``strings(of:)``, each string's ordinal and new value. Built bottom-up with an explicit
    /// stack, so each container is copied once whatever the number of strings in it.
    static func rebuild(_ node: PropertyNode, replacing replacements: [(ordinal: Int, value: PropertyValue)])
        -> PropertyNode
    {
        var next = 0
        var ordinal = 0
        func leaf(_ node: PropertyNode) -> PropertyNode {
            guard case .string = node.value else { return node }
            defer { ordinal += 1 }
            guard next < replacements.count, replacements[next].ordinal == ordinal else { return node }
            next += 1
            return PropertyNode(replacements[next - 1].value, at: node.position)
        }
        struct Frame {
            var node: PropertyNode
            var children: [PropertyNode]
            var entries: [PropertyTable.Entry]?
            var index = 0
            var built: [PropertyNode] = []
        }
        func frame(_ node: PropertyNode) -> Frame? {
            switch node.value {
            case .array(let elements): return Frame(node: node, children: elements, entries: nil)
            case .table(let table):
                return Frame(node: node, children: table.entries.map(\.node), entries: table.entries)
            default: return nil
            }
        }
        guard let first = frame(node) else { return leaf(node) }
        var frames = [first]
        while let top = frames.indices.last {
            if frames[top].index < frames[top].children.count {
                let child = frames[top].children[frames[top].index]
                frames[top].index += 1
                if let nested = frame(child) {
                    frames.append(nested)
                } else {
                    frames[top].built.append(leaf(child))
                }
                continue
            }
            let done = frames.removeLast()
            let value: PropertyValue
            if done.entries != nil, case .table(let table) = done.node.value {
                value = .table(table.replacingNodes(done.built))
            } else {
                value = .array(done.built)
            }
            let built = PropertyNode(value, at: done.node.position)
            guard let parent = frames.indices.last else { return built }
            frames[parent].built.append(built)
        }
        return node
    }

    /// Puts `node` at `path` of a resolved tree, or, with `own`, makes it the value of its own of
    /// the table at `path`, copying the tables on the way that `generation` does not own yet
    /// (starting with `root`, which is replaced by its copy).
    static func install(
        _ node: SnapshotNode, at path: [String], own: Bool = false, in root: inout SnapshotTable, generation: Int
    ) {
        if root.generation != generation { root = root.copy(generation: generation) }
        var table = root
        for (depth, name) in path.enumerated() {
            guard let offset = table.offset(of: name) else { return }
            if depth == path.count - 1, !own {
                table.replaceInPlace(at: offset, with: node)
                return
            }
            guard case .table(let nested) = table.nodes[offset] else { return }
            if nested.generation == generation {
                table = nested
            } else {
                let copy = nested.copy(generation: generation)
                table.replaceInPlace(at: offset, with: .table(copy))
                table = copy
            }
        }
        if own, case .value(let value, let source) = node { table.own = (value, source) }
    }
}
