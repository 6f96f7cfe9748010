import Foundation
import PropertyFormats

/// A value a generated loader sets: the common shape of every format in the property test.
indirect enum MergeValue {
    case int(Int)
    case string(String)
    case ints([Int])
    case table([(String, MergeValue)])

    var propertyValue: PropertyValue {
        switch self {
        case .int(let value): .integer(Int64(value))
        case .string(let text): .string(text)
        case .ints(let values): .array(values.map { PropertyNode(.integer(Int64($0))) })
        case .table(let members):
            .table(PropertyTable(members.map { .init(key: $0.0, node: PropertyNode($0.1.propertyValue)) }))
        }
    }

    /// The leaves in depth-first order with their paths relative to this value; an empty table
    /// has none.
    var leaves: [([String], MergeValue)] {
        guard case .table(let members) = self else { return [([], self)] }
        return members.flatMap { name, value in value.leaves.map { ([name] + $0.0, $0.1) } }
    }
}

/// The reference model of the merge rules, written independently of the store: a tree of
/// ordered tables, plus every source ever placed at each leaf path. Plain recursion over the
/// few levels the generator makes.
///
/// A table may hold a scalar of its own beside its members (upstream's flat keys `a` and `a.b`):
/// a path through a scalar keeps it there, and a scalar a loader sets where the same loader
/// made or wrote a table becomes its own value; a table value there merges leaf by leaf.
/// Between loaders the value and the members are separate slots: a scalar set at another
/// loader's table becomes its own value, and a table set at a scalar or at a table with a value
/// keeps that value. Arrays replace, and are replaced by, everything at their key.
///
/// One loader may not give one full key two values, nor drop what it set itself: a dotted key
/// through one of its arrays, a dotted key over one of its values, an array over a table it
/// made or wrote into. Such a loader is refused whole (``conflict``), and the test restores the
/// model as it was.
final class MergeModel {
    final class Table {
        var members: [(name: String, node: Node)] = []
        /// The scalar set at this table's own key, with its source.
        var own: (value: MergeValue, source: String)?
        func index(of name: String) -> Int? { members.firstIndex { $0.name == name } }

        func copy() -> Table {
            let copy = Table()
            copy.own = own
            copy.members = members.map { name, node in
                if case .table(let nested) = node { return (name, .table(nested.copy())) }
                return (name, node)
            }
            return copy
        }
    }
    enum Node {
        case leaf(MergeValue, source: String)
        case table(Table)
    }

    private(set) var root = Table()
    /// Sources placed at each path, oldest first.
    var history: [[String]: [String]] = [:]
    /// What the loader being applied set: leaf paths, and tables it made or wrote into.
    private var ownLeaves: Set<[String]> = []
    private var ownTables: Set<ObjectIdentifier> = []
    /// Whether the loader being applied dropped something it set itself.
    private(set) var conflict = false

    /// Starts a loader and returns the state to restore if it is refused.
    func beginLoader() -> (root: Table, history: [[String]: [String]]) {
        ownLeaves = []
        ownTables = []
        conflict = false
        return (root.copy(), history)
    }

    /// Puts back the state `beginLoader()` returned.
    func restore(_ saved: (root: Table, history: [[String]: [String]])) {
        root = saved.root
        history = saved.history
    }

    /// Sets the value at `path` whole. `leafByLeaf` (a merge of a table's leaves) lets a leaf
    /// replace one the same loader set, unless `strict` (a table value merged into a table the
    /// same loader made, where that would be one key with two values).
    func set(_ path: [String], _ value: MergeValue, source: String, leafByLeaf: Bool = false, strict: Bool = false) {
        var table = root
        for (depth, name) in path.dropLast().enumerated() {
            if let offset = table.index(of: name), case .table(let existing) = table.members[offset].node {
                table = existing
            } else if let offset = table.index(of: name), case .leaf(let scalar, let from) = table.members[offset].node,
                !Self.isArray(scalar)
            {
                let made = Table()
                made.own = (scalar, from)
                put(name, .table(made), in: table)
                table = made
            } else {
                if table.index(of: name) != nil, ownLeaves.contains(Array(path[...depth])) { conflict = true }
                let made = Table()
                put(name, .table(made), in: table)
                table = made
            }
            ownTables.insert(ObjectIdentifier(table))
        }
        guard let last = path.last else { return }
        // The value an earlier loader set at `path`, kept beside the members of a table set there.
        var carried: (value: MergeValue, source: String)?
        if let offset = table.index(of: last) {
            switch table.members[offset].node {
            case .table(let existing) where !ownTables.contains(ObjectIdentifier(existing)):
                // Another loader's table: a scalar is its own value, a table its new members.
                switch value {
                case .int, .string:
                    existing.own = (value, source)
                    history[path, default: []].append(source)
                    ownLeaves.insert(path)
                    return
                case .table: carried = existing.own
                case .ints: break
                }
            case .table(let existing):
                switch value {
                case .ints:
                    conflict = true
                case .table:
                    for (relative, leaf) in value.leaves {
                        set(path + relative, leaf, source: source, leafByLeaf: true, strict: true)
                    }
                    return
                case .int, .string:
                    if existing.own != nil, ownLeaves.contains(path) { conflict = true }
                    existing.own = (value, source)
                    history[path, default: []].append(source)
                    ownLeaves.insert(path)
                    return
                }
            case .leaf(let earlier, let from):
                if (path.count > 1 && !leafByLeaf) || strict, ownLeaves.contains(path) { conflict = true }
                if case .table = value, !Self.isArray(earlier), !ownLeaves.contains(path) { carried = (earlier, from) }
            }
        }
        let node = materialize(value, source: source)
        if case .table(let made) = node { made.own = carried }
        put(last, node, in: table)
        for (relative, _) in value.leaves {
            history[path + relative, default: []].append(source)
            ownLeaves.insert(path + relative)
        }
    }

    private static func isArray(_ value: MergeValue) -> Bool {
        if case .ints = value { return true }
        return false
    }

    /// Sets each leaf of `value` at `path` followed by its own path.
    func mergeLeaves(_ path: [String], _ value: MergeValue, source: String) {
        for (relative, leaf) in value.leaves { set(path + relative, leaf, source: source, leafByLeaf: true) }
    }

    private func put(_ name: String, _ node: Node, in table: Table) {
        if let offset = table.index(of: name) {
            table.members[offset].node = node
        } else {
            table.members.append((name, node))
        }
    }

    private func materialize(_ value: MergeValue, source: String) -> Node {
        guard case .table(let members) = value else { return .leaf(value, source: source) }
        let table = Table()
        ownTables.insert(ObjectIdentifier(table))
        for (name, member) in members { put(name, materialize(member, source: source), in: table) }
        return .table(table)
    }

    /// What a read of `path` answers: the value, the source name of a leaf, and the sources it
    /// overrode (only for leaf paths, not inside arrays).
    func read(_ path: [String]) -> (value: PropertyValue, source: String?, overridden: [String]?)? {
        var node = Node.table(root)
        for (depth, name) in path.enumerated() {
            switch node {
            case .table(let table):
                guard let offset = table.index(of: name) else { return nil }
                node = table.members[offset].node
            case .leaf(.ints(let values), let source):
                guard depth == path.count - 1, let index = Self.canonicalIndex(name), index < values.count else {
                    return nil
                }
                return (.integer(Int64(values[index])), source, nil)
            case .leaf:
                return nil
            }
        }
        switch node {
        case .table(let table):
            // The table's own value answers a read of its key.
            if let own = table.own {
                return (own.value.propertyValue, own.source, Array((history[path] ?? []).reversed().dropFirst()))
            }
            return (Self.value(of: table), nil, nil)
        case .leaf(let value, let source):
            return (value.propertyValue, source, Array((history[path] ?? []).reversed().dropFirst()))
        }
    }

    static func value(of table: Table) -> PropertyValue {
        .table(
            PropertyTable(
                table.members.map { name, node in
                    switch node {
                    case .table(let nested): .init(key: name, node: PropertyNode(value(of: nested)))
                    case .leaf(let value, _): .init(key: name, node: PropertyNode(value.propertyValue))
                    }
                }))
    }

    /// The paths of every leaf and every empty table.
    func leafPaths() -> [[String]] {
        var result: [[String]] = []
        func walk(_ table: Table, _ prefix: [String]) {
            for (name, node) in table.members {
                switch node {
                case .table(let nested) where nested.members.isEmpty: result.append(prefix + [name])
                case .table(let nested):
                    if nested.own != nil { result.append(prefix + [name]) }
                    walk(nested, prefix + [name])
                case .leaf: result.append(prefix + [name])
                }
            }
        }
        walk(root, [])
        return result
    }

    static func canonicalIndex(_ text: String) -> Int? {
        guard let value = Int(text), value >= 0, String(value) == text else { return nil }
        return value
    }

    /// The flat spelling of a path: segments joined by dots, a segment with a dot or a leading
    /// quote written in quotes with `"` and `\` escaped.
    static func flat(_ path: [String]) -> String {
        path.map { segment in
            guard segment.contains(".") || segment.hasPrefix("\"") else { return segment }
            return "\""
                + segment.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }.joined(separator: ".")
    }
}

/// Plain JSON-shaped values for comparing `[String: Any]` and `Decodable` reads.
indirect enum MergePlain: Decodable, Equatable {
    case int(Int)
    case string(String)
    case array([MergePlain])
    case object([String: MergePlain])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([MergePlain].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: MergePlain].self))
        }
    }

    init?(any value: Any) {
        switch value {
        case let number as Int: self = .int(number)
        case let text as String: self = .string(text)
        case let elements as [Any]:
            var converted: [MergePlain] = []
            for element in elements {
                guard let plain = MergePlain(any: element) else { return nil }
                converted.append(plain)
            }
            self = .array(converted)
        case let members as [String: Any]:
            var converted: [String: MergePlain] = [:]
            for (name, member) in members {
                guard let plain = MergePlain(any: member) else { return nil }
                converted[name] = plain
            }
            self = .object(converted)
        default: return nil
        }
    }

    init?(_ value: PropertyValue) {
        switch value {
        case .integer(let number): self = .int(Int(number))
        case .string(let text): self = .string(text)
        case .array(let nodes): self = .array(nodes.compactMap { MergePlain($0.value) })
        case .table(let table):
            var members: [String: MergePlain] = [:]
            for entry in table.entries { members[entry.key] = MergePlain(entry.node.value) }
            self = .object(members)
        default: return nil
        }
    }
}
