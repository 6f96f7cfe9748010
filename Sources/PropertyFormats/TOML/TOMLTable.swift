/// One key segment as written in a header or a key/value pair.
struct TOMLKey {
    var name: String
    var position: SourcePosition
}

/// What a key holds while the document is being read.
enum TOMLItem {
    /// A finished value: a scalar, a static array or an inline table.
    case value(PropertyNode)
    /// A table that headers or dotted keys may still add to.
    case table(TOMLTable)
    /// An array of tables made by `[[header]]`s.
    case tableArray(TOMLTableArray)
}

/// A table under construction, with an index for constant-time lookup. Converted to a
/// ``PropertyTable`` once the document is read.
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

    /// One key and what it holds.
    struct Slot {
        var key: String
        var keyPosition: SourcePosition
        var item: TOMLItem
    }

    /// Tables smaller than this are searched linearly; larger ones keep a dictionary.
    private static let indexThreshold = 8

    private(set) var slots: [Slot] = []
    private var index: [String: Int] = [:]
    var origin: Origin
    /// Where the table starts: its header, or its first key.
    var position: SourcePosition
    /// Nesting depth: 0 for the root.
    let depth: Int

    init(origin: Origin, position: SourcePosition, depth: Int) {
        self.origin = origin
        self.position = position
        self.depth = depth
    }

    /// The slot index of `key`, if present.
    func find(_ key: String) -> Int? {
        if slots.count < Self.indexThreshold {
            for slotIndex in slots.indices where slots[slotIndex].key == key { return slotIndex }
            return nil
        }
        return index[key]
    }

    /// Appends a key that is known to be absent.
    func append(_ slot: Slot) {
        slots.append(slot)
        if slots.count > Self.indexThreshold {
            index[slot.key] = slots.count - 1
        } else if slots.count == Self.indexThreshold {
            index.reserveCapacity(Self.indexThreshold * 2)
            for slotIndex in slots.indices { index[slots[slotIndex].key] = slotIndex }
        }
    }

    /// Marks an implicit table as defined by a header written at `position`.
    func define(at position: SourcePosition, keyPosition: SourcePosition, slotOf parent: TOMLTable, slot: Int) {
        origin = .header
        self.position = position
        parent.slots[slot].keyPosition = keyPosition
    }

    /// The finished table. Recursion is bounded by ``ParseLimits/maxDepth``.
    func makePropertyTable() -> PropertyTable {
        var entries: [PropertyTable.Entry] = []
        entries.reserveCapacity(slots.count)
        for slot in slots {
            let node: PropertyNode
            switch slot.item {
            case .value(let value):
                node = value
            case .table(let table):
                node = PropertyNode(.table(table.makePropertyTable()), at: table.position)
            case .tableArray(let array):
                let elements = array.tables.map { PropertyNode(.table($0.makePropertyTable()), at: $0.position) }
                node = PropertyNode(.array(elements), at: array.position)
            }
            entries.append(PropertyTable.Entry(key: slot.key, keyPosition: slot.keyPosition, node: node))
        }
        return PropertyTable(entries)
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
