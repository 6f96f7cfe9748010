/// An ordered table of key/value pairs, as read from a JSON object, a TOML table, a property
/// list dictionary or a Swift value.
///
/// Keys keep the order they were written in. Lookup by key is a linear scan, which is the
/// fastest choice for the small tables configuration files are made of; parsers that build
/// large tables keep their own index while parsing.
public struct PropertyTable: Sendable, Equatable {
    /// One key/value pair of a table.
    public struct Entry: Sendable, Equatable {
        /// The key, unescaped.
        public var key: String
        /// Where the key was written, or ``SourcePosition/unknown``.
        public var keyPosition: SourcePosition
        /// The value and its position.
        public var node: PropertyNode

        /// Creates an entry.
        public init(key: String, keyPosition: SourcePosition = .unknown, node: PropertyNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.node = node
        }

        /// Entries are equal when their keys and values are equal; positions do not count.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key == rhs.key && lhs.node == rhs.node
        }
    }

    /// The entries in the order they were written.
    public var entries: [Entry] {
        // The index describes the entries as the parser left them.
        didSet { keyIndex = nil }
    }

    /// The entries' offsets by key fingerprint, when a parser built them while reading a large
    /// table whose keys are ASCII and distinct; nil once `entries` is changed.
    package private(set) var keyIndex: TableKeyIndex?

    /// Creates a table from entries in order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Creates a table from entries with distinct ASCII keys and their index.
    init(_ entries: [Entry], keyIndex: TableKeyIndex?) {
        self.entries = entries
        self.keyIndex = keyIndex
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether the table is empty.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The node stored under `key`, or nil. Keys compare as `String`s do, the rule the parsers
    /// and the property store follow (see `TableKey`); when a table built by hand holds two
    /// equal keys, the later one answers, as it does when the table becomes a dictionary or a
    /// container's properties.
    ///
    /// A parsed table with a key index (a large JSON object with ASCII keys) finds an ASCII key
    /// by its fingerprint, so a lookup costs the same for ten members or a million.
    public subscript(key: String) -> PropertyNode? {
        if let keyIndex, let offset = keyIndex.offset(of: key, in: entries) { return offset.map { entries[$0].node } }
        for entry in entries.reversed() where entry.key == key { return entry.node }
        return nil
    }

    /// This table with the node of each entry replaced by `nodes`, in order: the keys, their
    /// positions and the key index stay. `nodes` must have one node per entry; with another
    /// count the table is returned unchanged.
    package func replacingNodes(_ nodes: [PropertyNode]) -> PropertyTable {
        guard nodes.count == entries.count else { return self }
        var replaced = entries
        for offset in replaced.indices { replaced[offset].node = nodes[offset] }
        return PropertyTable(replaced, keyIndex: keyIndex)
    }

    /// Tables are equal when they hold the same keys with equal values, in any order. Keys
    /// compare as `String`s do; where one table holds a key twice, its later value is the one
    /// compared, as the subscript reads it. The relation is symmetric.
    public static func == (lhs: PropertyTable, rhs: PropertyTable) -> Bool {
        PropertyValue.table(lhs) == PropertyValue.table(rhs)
    }

    /// Checks that both tables have the same keys and appends the pairs of values to compare;
    /// false when the keys differ.
    func appendMatchedValues(
        with other: PropertyTable, to pending: inout [(PropertyValue, PropertyValue)]
    ) -> Bool {
        if entries.count <= 8 && other.entries.count <= 8 {
            let mine = effectiveOffsets()
            let theirs = other.effectiveOffsets()
            guard mine.count == theirs.count else { return false }
            for offset in mine {
                guard let match = theirs.first(where: { other.entries[$0].key == entries[offset].key }) else {
                    return false
                }
                pending.append((entries[offset].node.value, other.entries[match].node.value))
            }
            return true
        }
        var mine = [String: Int](minimumCapacity: entries.count)
        for (offset, entry) in entries.enumerated() { mine[entry.key] = offset }
        var theirs = [String: Int](minimumCapacity: other.entries.count)
        for (offset, entry) in other.entries.enumerated() { theirs[entry.key] = offset }
        guard mine.count == theirs.count else { return false }
        for (key, offset) in mine {
            guard let match = theirs[key] else { return false }
            pending.append((entries[offset].node.value, other.entries[match].node.value))
        }
        return true
    }

    /// The offset of the last entry of each key, for small tables.
    private func effectiveOffsets() -> [Int] {
        entries.indices.filter { offset in
            !entries[(offset + 1)...].contains { $0.key == entries[offset].key }
        }
    }
}

/// The offsets of a parsed table's entries by the ``ExactKey`` fingerprints of their keys, all
/// ASCII and distinct: what the loaders' store indexes a large table by, handed over so that no
/// key is hashed twice. A class, so that a table stays two words.
package final class TableKeyIndex: Sendable {
    package let index: FingerprintIndex

    init(_ index: FingerprintIndex) {
        self.index = index
    }

    /// The answer of the index for `key` in `entries` (the table it was built for): `.some`
    /// with the offset or nil when `key` is ASCII, so that the index decides; nil when `key` is
    /// not ASCII, which the index cannot decide (a non-ASCII spelling such as the Kelvin sign
    /// can equal an ASCII key), so that the caller compares strings.
    func offset(of key: String, in entries: [PropertyTable.Entry]) -> Int?? {
        var key = key
        return key.withUTF8 { bytes -> Int?? in
            let raw = UnsafeRawBufferPointer(bytes)
            guard TableKey.ASCII.all(raw) else { return .none }
            let found = entries.withUnsafeBufferPointer { entries in
                index.offset(of: ExactKey.fingerprint(of: raw)) { offset in
                    entries[offset].key.utf8.withContiguousStorageIfAvailable {
                        ExactKey.sameBytes(UnsafeRawBufferPointer($0), raw)
                    } ?? (entries[offset].key == String(decoding: raw, as: UTF8.self))
                }
            }
            return .some(found)
        }
    }
}
