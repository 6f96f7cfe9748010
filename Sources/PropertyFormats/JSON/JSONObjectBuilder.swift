/// The members of one JSON object while it is read: entries in order, the key waiting for its
/// value, and duplicate detection that stays linear for large objects.
///
/// Keys compare as `String`s do (``TableKey``). Every key has a 64-bit fingerprint, so checking a new key against the earlier
/// ones compares integers and only looks at the strings when fingerprints match. Small objects
/// are scanned; once an object has ``indexThreshold`` entries, a hash index takes over.
struct JSONObjectBuilder {
    /// The number of entries at which the hash index is built.
    static let indexThreshold = 16

    /// The entries read so far, in order.
    private(set) var entries: [PropertyTable.Entry] = []
    /// The fingerprints of the keys until the object is indexed, kept inline so that a small
    /// object allocates nothing for them.
    private var fingerprints = SmallFingerprints()
    /// Entry offsets by key fingerprint, once the object is large.
    private var index: FingerprintIndex?
    /// The key whose value is being read.
    private var pendingKey = TableKey("", fingerprint: 0)
    private var pendingKeyPosition = SourcePosition.unknown
    /// The entry the pending value replaces (policy `.useLast`), or -1.
    private var replacing = -1
    /// Whether every key so far is ASCII.
    private var asciiKeys = true

    /// Reserves room for `capacity` entries.
    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Records the key whose value comes next. When the key is already present, returns the
    /// position of its first definition under policy `.reject`; under `.useLast` the coming
    /// value will replace that entry.
    mutating func setKey(
        _ key: TableKey, at position: SourcePosition, policy: JSONParser.DuplicateKeyPolicy
    ) -> (position: SourcePosition, key: String)? {
        pendingKey = key
        pendingKeyPosition = position
        replacing = -1
        asciiKeys = asciiKeys && key.isASCII
        guard let existing = offsetOrReserve(key) else { return nil }
        switch policy {
        case .reject:
            return (entries[existing].keyPosition, entries[existing].key)
        case .useLast:
            replacing = existing
            return nil
        }
    }

    /// The finished table, with its key index when it has one and every key is ASCII (so the
    /// index is by ``ExactKey`` fingerprints, as the loaders' store indexes names).
    func table() -> PropertyTable {
        guard let index, asciiKeys else { return PropertyTable(entries.trimmed()) }
        return PropertyTable(entries.trimmed(), keyIndex: TableKeyIndex(index))
    }

    /// Adds the value of the pending key.
    mutating func append(_ node: consuming PropertyNode) {
        if replacing >= 0 {
            entries[replacing] = PropertyTable.Entry(
                key: pendingKey.string, keyPosition: pendingKeyPosition, node: node)
            replacing = -1
            return
        }
        entries.append(PropertyTable.Entry(key: pendingKey.string, keyPosition: pendingKeyPosition, node: node))
        guard index == nil else { return }
        fingerprints.set(entries.count - 1, pendingKey.fingerprint)
        if entries.count >= Self.indexThreshold {
            var built = FingerprintIndex(minimumCapacity: entries.count * 2)
            fingerprints.withValues(count: entries.count) { fingerprints in
                for offset in fingerprints.indices { built.insert(fingerprints[offset], offset: offset) }
            }
            index = built
        }
    }

    /// The offset of the entry whose key is `key`. When the object is indexed and the key is
    /// new, the index records it at the offset its value will be appended to, so each key
    /// costs one probe.
    private mutating func offsetOrReserve(_ key: TableKey) -> Int? {
        let entries = entries
        if index != nil {
            return index?.offsetOrInsert(key.fingerprint, offset: entries.count) { offset in
                TableKey.same(entries[offset].key, key.string)
            }
        }
        return fingerprints.withValues(count: entries.count) { fingerprints in
            for offset in fingerprints.indices where fingerprints[offset] == key.fingerprint {
                if TableKey.same(entries[offset].key, key.string) { return offset }
            }
            return nil
        }
    }
}
