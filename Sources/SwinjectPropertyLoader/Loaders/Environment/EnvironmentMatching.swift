import PropertyFormats

/// Finds the key an environment variable sets among the keys already in a snapshot being
/// built: the variable's own key when it is set, else the one key with the same words
/// (``EnvironmentKey/words(of:)``), else the variable's own key as a new one. Two keys with the
/// same words, or two variables for one key, are errors, never a guess.
///
/// The leaves are indexed by their words once, when the first variable of a batch is applied,
/// so matching costs time linear in the keys plus the variables.
struct EnvironmentMatching {
    /// Leaf keys by their words: the flat key and its segments.
    private var byWords: [String: [(key: String, segments: [String])]] = [:]
    /// The variable that set each key so far.
    private var claimed: [String: String] = [:]

    /// Indexes the leaves under `root` that can match a variable: values, and the members of
    /// tables set whole (not the elements of arrays, which are values). A leaf whose words have
    /// a different number of letters (``EnvironmentKey/letterCount(of:)``) than every variable's
    /// cannot have the same words, so only leaves with one of `letterCounts` are indexed. Walked
    /// with an explicit stack.
    init(root: SnapshotTable, letterCounts: Set<Int>) {
        enum Listed {
            case snapshot(SnapshotTable)
            case value(PropertyTable)
        }
        var pending: [(table: Listed, path: [String], letters: Int)] = [(.snapshot(root), [], 0)]
        while let (table, path, letters) = pending.popLast() {
            switch table {
            case .snapshot(let snapshotTable):
                for offset in 0..<snapshotTable.count {
                    let member = snapshotTable.member(at: offset)
                    let total = letters + EnvironmentKey.letterCount(of: member.name)
                    switch member.node {
                    case .table(let nested):
                        // A value beside members is a leaf of its own key (``SnapshotTable/own``).
                        if nested.own != nil, letterCounts.contains(total) { add(path + [member.name]) }
                        pending.append((.snapshot(nested), path + [member.name], total))
                    case .value(let node, _):
                        if case .table(let value) = node.value, value.count > 0 {
                            pending.append((.value(value), path + [member.name], total))
                        } else if letterCounts.contains(total) {
                            add(path + [member.name])
                        }
                    }
                }
            case .value(let valueTable):
                for entry in valueTable.entries {
                    let total = letters + EnvironmentKey.letterCount(of: entry.key)
                    if case .table(let value) = entry.node.value, value.count > 0 {
                        pending.append((.value(value), path + [entry.key], total))
                    } else if letterCounts.contains(total) {
                        add(path + [entry.key])
                    }
                }
            }
        }
    }

    private mutating func add(_ segments: [String]) {
        byWords[EnvironmentKey.words(of: segments), default: []].append(
            (PropertyKeyPath.spelling(segments), segments))
    }

    /// The segments of the key `key`'s variable sets, or the error that it matches more than one
    /// key or a key another variable of the batch already set.
    mutating func target(for key: EnvironmentKey, source: String) throws(PropertyLoaderError) -> [String] {
        let own = PropertyKeyPath.spelling(key.segments)
        let candidates = byWords[key.words] ?? []
        var target = (key: own, segments: key.segments)
        if !candidates.contains(where: { $0.key == own }) {
            let names = Set(candidates.map(\.key)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            if names.count > 1 {
                let listed =
                    names.count == 2
                    ? "both \"\(names[0])\" and \"\(names[1])\""
                    : "\"\(names[0])\", \"\(names[1])\" and \(names.count - 2) more"
                throw PropertyLoaderError(
                    .conflictingKeys, source: source,
                    message: "the variable matches \(listed); rename one of the keys or set the value another way")
            }
            if let only = candidates.first { target = only }
        }
        if let earlier = claimed[target.key] {
            throw PropertyLoaderError(
                .conflictingKeys, source: source,
                message: "the variable sets \"\(target.key)\", which \(earlier) already sets; remove one of the two")
        }
        claimed[target.key] = key.variable
        return target.segments
    }
}
