/// One key segment as written in a header or a key/value pair.
struct TOMLKey {
    var name: String
    var position: SourcePosition
    /// The name's ``TableKey`` fingerprint.
    var fingerprint: UInt64

    init(name: String, position: SourcePosition, fingerprint: UInt64) {
        self.name = name
        self.position = position
        self.fingerprint = fingerprint
    }

    init(name: String, position: SourcePosition) {
        self.init(name: name, position: position, fingerprint: TableKey.fingerprint(of: name))
    }
}

/// What a key holds while the document is being read, beside its entry.
enum TOMLItem {
    /// A finished value, stored in the entry: a scalar, a static array or an inline table.
    case value
    /// A table that headers or dotted keys may still add to; its entry is filled at the end.
    case table(TOMLTable)
    /// An array of tables made by `[[header]]`s; its entry is filled at the end.
    case tableArray(TOMLTableArray)
}

/// A table under construction. Values go straight into the ``PropertyTable/Entry`` list the
/// result is made of; nested tables are kept beside it and filled in once the document is
/// read, so finishing a table moves its entries instead of copying them. Keys compare as
/// `String`s do (``TableKey``), by their fingerprints first; large tables keep a ``FingerprintIndex`` for constant-time lookup.
final class TOMLTable {
    /// How the table came to exist, which decides how it may be extended.
    enum Origin {
        /// Created as the parent of a header's table, such as `a` for `[a.b]`; a later `[a]`
        /// may define it once.
        case implicit
        /// Defined by a `[header]` or `[[header]]`.
        case header
        /// Created by a dotted key such as `a.b = 1`; only more dotted keys may add to it.
        case dotted
        /// The root table or an inline table being read.
        case root
    }

    /// Tables smaller than this are searched linearly; larger ones keep an index.
    private static let indexThreshold = 16

    // Storage is marked `@exclusivity(unchecked)`: a table belongs to one parse on one thread
    // and no access to it overlaps another, so the runtime checks only cost time.

    /// The entries in document order. A nested table's entry holds a placeholder until
    /// ``finish(_:)``: a `.null` value (which TOML cannot express) whose column is the index of
    /// the table in the document's list of nested tables (``TOMLDocumentBuilder/children``).
    @exclusivity(unchecked) private(set) var entries: [PropertyTable.Entry] = []  // Benchmark: toml.load.2MB
    /// The fingerprints of the first keys (all of them until the table is indexed), kept in the
    /// table itself so that a small table allocates nothing for them.
    @exclusivity(unchecked) private var fingerprints = SmallFingerprints()  // Benchmark: toml.load.2MB
    /// Entry offsets by key fingerprint, once the table is large.
    @exclusivity(unchecked) private var index: FingerprintIndex?  // Benchmark: toml.load.2MB
    private var hasChildren = false
    var origin: Origin
    /// Where the table starts: its header, or its first key.
    var position: SourcePosition
    /// Nesting depth: 0 for the root.
    let depth: Int
    /// Sizes of earlier tables like this one, which the first entry reserves room by; nil for
    /// the document's root.
    private let sizes: TOMLTableSizes?
    /// This table's slot in ``sizes``.
    private let sizeSlot: Int

    init(origin: Origin, position: SourcePosition, depth: Int, sizes: TOMLTableSizes? = nil, sizeSlot: Int = 0) {
        self.origin = origin
        self.position = position
        self.depth = depth
        self.sizes = sizes
        self.sizeSlot = sizeSlot
    }

    /// The slot of `key`, if present.
    @inline(__always)  // Benchmark: toml.load.2MB
    func find(_ key: TOMLKey) -> Int? {
        let entries = entries
        if let index {
            return index.offset(of: key.fingerprint) { slot in TableKey.same(entries[slot].key, key.name) }
        }
        return fingerprints.withValues(count: entries.count) { fingerprints in
            for slot in fingerprints.indices where fingerprints[slot] == key.fingerprint {
                if TableKey.same(entries[slot].key, key.name) { return slot }
            }
            return nil
        }
    }

    /// Appends a value under `key` unless the key is present; returns the present key's slot.
    /// A large table looks the key up and inserts it with one probe sequence.
    ///
    /// The lookup runs in its own function so that no second reference to `entries` is alive
    /// while it is appended to: one would make every append copy the whole array (a copy the
    /// optimizer happens to remove in release builds, and debug builds keep).
    func appendValueIfAbsent(_ key: TOMLKey, node: consuming PropertyNode) -> Int? {
        if let existing = index == nil ? find(key) : reserveInIndex(key) { return existing }
        if index == nil {
            append(key, node: node)
        } else {
            entries.append(PropertyTable.Entry(key: key.name, keyPosition: key.position, node: node))
            sizes?.record(entries.count, at: sizeSlot)
        }
        return nil
    }

    /// The slot of `key` in the index, or nil after recording `key` at the next slot.
    private func reserveInIndex(_ key: TOMLKey) -> Int? {
        let entries = entries
        return index?.offsetOrInsert(key.fingerprint, offset: entries.count) { slot in
            TableKey.same(entries[slot].key, key.name)
        }
    }

    /// The index in the document's nested tables of the table at `slot`, or nil for a value.
    func childIndex(at slot: Int) -> Int? {
        guard case .null = entries[slot].node.value else { return nil }
        return entries[slot].node.position.column
    }

    /// Appends a key that is known to be absent, holding a value or (with `child`) the nested
    /// table at that index of the document's nested tables.
    func append(_ key: TOMLKey, node: consuming PropertyNode, child: Int? = nil) {
        // Room for as many entries as the last table like this one had (the same key at the same
        // depth: the next `[[servers]]`, the next `[service.database]`), so that filling it
        // grows nothing and finishing it copies nothing.
        if entries.isEmpty, let sizes {
            let size = sizes.size(at: sizeSlot)
            // A `[header]` table not seen before usually holds several keys.
            entries.reserveCapacity(size > 0 ? size : origin == .header ? 4 : 1)
        }
        if let child {
            hasChildren = true
            let placeholder = PropertyNode(.null, at: SourcePosition(line: 0, column: child))
            entries.append(PropertyTable.Entry(key: key.name, keyPosition: key.position, node: placeholder))
        } else {
            entries.append(PropertyTable.Entry(key: key.name, keyPosition: key.position, node: node))
        }
        sizes?.record(entries.count, at: sizeSlot)
        if index != nil {
            index?.insert(key.fingerprint, offset: entries.count - 1)
        } else {
            fingerprints.set(entries.count - 1, key.fingerprint)
            if entries.count == Self.indexThreshold {
                var built = FingerprintIndex(minimumCapacity: Self.indexThreshold * 2)
                fingerprints.withValues(count: entries.count) { fingerprints in
                    for slot in fingerprints.indices { built.insert(fingerprints[slot], offset: slot) }
                }
                index = built
            }
        }
    }

    /// Marks an implicit table as defined by a header written at `position`.
    func define(at position: SourcePosition, keyPosition: SourcePosition, in parent: TOMLTable, slot: Int) {
        origin = .header
        self.position = position
        parent.entries[slot].keyPosition = keyPosition
    }

    /// The finished table, with nested tables looked up in `children`; leaves this one empty.
    /// Recursion is bounded by ``ParseLimits/maxDepth``.
    func finish(_ children: [TOMLItem]) -> PropertyTable {
        var result = entries.trimmed()
        entries = []
        index = nil
        guard hasChildren else { return PropertyTable(result) }
        for slot in result.indices {
            guard case .null = result[slot].node.value else { continue }
            let child = result[slot].node.position.column
            guard child >= 0 && child < children.count else { continue }
            switch children[child] {
            case .value:
                continue
            case .table(let table):
                result[slot].node = PropertyNode(.table(table.finish(children)), at: table.position, depth: table.depth)
            case .tableArray(let array):
                let elements = array.tables.map {
                    PropertyNode(.table($0.finish(children)), at: $0.position, depth: $0.depth)
                }
                result[slot].node = PropertyNode(.array(elements), at: array.position, depth: depth + 1)
            }
        }
        return PropertyTable(result)
    }
}

/// An array of tables under construction.
final class TOMLTableArray {
    var tables: [TOMLTable]
    /// Where the first `[[header]]` was written.
    let position: SourcePosition

    init(first: TOMLTable) {
        self.tables = [first]
        self.position = first.position
    }
}
