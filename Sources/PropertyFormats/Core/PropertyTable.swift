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
    public var entries: [Entry]

    /// Creates a table from entries in order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether the table is empty.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The node stored under `key`, or nil. When two entries have keys that `String` calls
    /// equal (canonically equivalent spellings, which a parser keeps apart), the later one
    /// answers, as it does when the table becomes a dictionary or a container's properties.
    public subscript(key: String) -> PropertyNode? {
        for entry in entries.reversed() where entry.key == key { return entry.node }
        return nil
    }

    /// Tables are equal when they hold the same keys with equal values, in any order.
    public static func == (lhs: PropertyTable, rhs: PropertyTable) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries.count <= 8 {
            for entry in lhs.entries where rhs[entry.key] != entry.node { return false }
            return true
        }
        var index = [String: PropertyNode](minimumCapacity: rhs.entries.count)
        for entry in rhs.entries { index[entry.key] = entry.node }
        for entry in lhs.entries where index[entry.key] != entry.node { return false }
        return true
    }
}
