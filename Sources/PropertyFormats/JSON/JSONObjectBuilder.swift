/// The members of one JSON object while it is read: entries in order, the key waiting for its
/// value, and duplicate detection that stays linear for large objects.
///
/// Small objects are checked by a scan of their keys; once an object has
/// ``indexThreshold`` entries, a hash index over the keys takes over.
struct JSONObjectBuilder {
    /// The number of entries at which the hash index is built.
    static let indexThreshold = 16

    /// The entries read so far, in order.
    private(set) var entries: [PropertyTable.Entry] = []
    /// Entry offsets by key, once the object is large.
    private var index: [ExactKey: Int]?
    /// The key whose value is being read.
    private var pendingKey = ""
    private var pendingKeyPosition = SourcePosition.unknown
    /// The entry the pending value replaces (policy `.useLast`), or -1.
    private var replacing = -1

    /// Records the key whose value comes next. When the key is already present, returns the
    /// position of its first definition under policy `.reject`; under `.useLast` the coming
    /// value will replace that entry.
    mutating func setKey(
        _ key: String, at position: SourcePosition, policy: JSONParser.DuplicateKeyPolicy
    ) -> SourcePosition? {
        pendingKey = key
        pendingKeyPosition = position
        replacing = -1
        guard let existing = offset(of: key) else { return nil }
        switch policy {
        case .reject:
            return entries[existing].keyPosition
        case .useLast:
            replacing = existing
            return nil
        }
    }

    /// Reserves room for `capacity` entries.
    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Adds the value of the pending key.
    mutating func append(_ node: consuming PropertyNode) {
        if replacing >= 0 {
            entries[replacing] = PropertyTable.Entry(key: pendingKey, keyPosition: pendingKeyPosition, node: node)
            replacing = -1
            return
        }
        entries.append(PropertyTable.Entry(key: pendingKey, keyPosition: pendingKeyPosition, node: node))
        if index != nil {
            index?[ExactKey(pendingKey)] = entries.count - 1
        } else if entries.count >= Self.indexThreshold {
            var built = [ExactKey: Int](minimumCapacity: entries.count * 2)
            for (offset, entry) in entries.enumerated() { built[ExactKey(entry.key)] = offset }
            index = built
        }
    }

    private func offset(of key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        for offset in entries.indices where ExactKey.same(entries[offset].key, key) { return offset }
        return nil
    }
}

/// A string that compares and hashes by its exact UTF-8 bytes, not by Unicode canonical
/// equivalence as `String` does: JSON keys `"é"` and `"e\u0301"` are different keys.
struct ExactKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        same(lhs.string, rhs.string)
    }

    /// Whether two strings have the same UTF-8 bytes. `String`'s own `==` (a memory compare
    /// for ASCII) rules out almost every pair; equal bytes imply `==`, so the byte comparison
    /// runs only for real duplicates and canonically equivalent spellings.
    @inline(__always)
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// `String`'s hash: strings with equal bytes are `==` and so hash alike.
    func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }
}
