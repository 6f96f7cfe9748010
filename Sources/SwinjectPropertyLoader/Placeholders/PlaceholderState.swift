import PropertyFormats

/// What a snapshot with placeholders keeps so that the next loader's build starts from the
/// unresolved values and every placeholder is resolved again against the new properties.
struct PlaceholderState: Sendable {
    /// The root before resolution, which the next ``SnapshotBuilder`` starts from.
    let raw: SnapshotTable
    /// The number of sources of the unresolved snapshot; resolution appends sources for
    /// values that became secret or text through what they reference.
    let rawSourceCount: Int
    /// The member-name paths of the snapshot values that hold a template.
    let locations: [[String]]
    /// The properties each resolved string referred to, by its flat key (``PropertyKeyPath``).
    let references: [String: [PropertyReference]]
    /// The error of each string that does not resolve, by its flat key; its value is `null` in
    /// the resolved tree.
    let failures: [String: PropertyLoaderError]

    /// The references of the resolved string at `key`, however the key is spelled.
    func references(of key: String) -> [PropertyReference] {
        if let direct = references[key] { return direct }
        return references[PropertyKeyPath.spelling(PropertyKeyPath.segments(of: key))] ?? []
    }

    /// The error of the first string at `key` or under it that does not resolve, by key order,
    /// however the key is spelled; nil when every one resolves.
    func failure(atOrUnder key: String) -> (key: String, error: PropertyLoaderError)? {
        guard !failures.isEmpty else { return nil }
        let flat =
            key.utf8.contains(UInt8(ascii: "\"")) ? PropertyKeyPath.spelling(PropertyKeyPath.segments(of: key)) : key
        if let error = failures[flat] { return (flat, error) }
        let prefix = flat + "."
        return failures.filter { $0.key.hasPrefix(prefix) }.min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension PropertySnapshot {
    /// The snapshot the next builder starts from: the unresolved values and their sources.
    var unresolved: PropertySnapshot {
        guard let placeholders else { return self }
        return PropertySnapshot(root: placeholders.raw, sources: Array(sources.prefix(placeholders.rawSourceCount)))
    }
}
