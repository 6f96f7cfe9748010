/// The members of one JSON object while it is read: entries in order, the key waiting for its
/// value, and duplicate detection that stays linear for large objects.
///
/// Keys compare as `String`s do (``TableKey``). Every key has a 64-bit fingerprint, so checking a new key against the earlier
/// ones compares integers and only looks at the strings when fingerprints match. Small objects
/// are scanned as each key is read. Once an object has ``indexThreshold`` entries, a hash index
/// takes over: under policy `.useLast` it is probed at each key, which must find the entry it
/// replaces; under `.reject` it is built when the object closes (``indexAtClose()``), from the
/// fingerprints kept in order, so that reading a key touches no table of random addresses. The
/// reader then reports the first duplicate in reading order, as a check at each key would
/// (``firstDuplicate()``).
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
    /// The key whose value is being read, moved into its entry when the value comes, so that
    /// a key is retained once on its way from the reader to the table.
    private var pendingKey: TableKey?
    private var pendingKeyPosition = SourcePosition.unknown
    /// The entry the pending value replaces (policy `.useLast`), or -1.
    private var replacing = -1
    /// Whether every key so far is ASCII.
    private var asciiKeys = true
    /// Whether the policy is `.reject`.
    private var rejectsDuplicates = true
    /// Whether the object is large and its duplicates are checked when it closes.
    private var checksAtClose = false
    /// The fingerprints of all entries, in order, while `checksAtClose`.
    private var orderedFingerprints: [UInt64] = []

    /// Reserves room for `capacity` entries, in the entries and in the index once there is one.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > entries.capacity else { return }
        entries.reserveCapacity(capacity)
        if checksAtClose || index != nil { reserveKeyCapacity(capacity) }
    }

    /// Reserves room for `capacity` keys in the fingerprints or the index.
    private mutating func reserveKeyCapacity(_ capacity: Int) {
        if checksAtClose { orderedFingerprints.reserveCapacity(capacity) }
        if var index = index.take() {
            index.reserveCapacity(capacity)
            self.index = consume index
        }
    }

    /// Records the key whose value comes next. When the key is already present, returns the
    /// position of its first definition under policy `.reject`; under `.useLast` the coming
    /// value will replace that entry.
    mutating func setKey(
        _ key: consuming TableKey, at position: SourcePosition, policy: JSONParser.DuplicateKeyPolicy
    ) -> (position: SourcePosition, key: String)? {
        pendingKeyPosition = position
        replacing = -1
        rejectsDuplicates = policy == .reject
        asciiKeys = asciiKeys && key.isASCII
        if checksAtClose {
            pendingKey = consume key
            return nil
        }
        let existing = offsetOrReserve(key)
        pendingKey = consume key
        guard let existing else { return nil }
        switch policy {
        case .reject:
            return (entries[existing].keyPosition, entries[existing].key)
        case .useLast:
            replacing = existing
            return nil
        }
    }

    /// The key whose value comes next, for an error message.
    var pendingKeyString: String { pendingKey?.string ?? "" }

    /// The finished table, with its key index when it has one and every key is ASCII (so the
    /// index is by ``ExactKey`` fingerprints, as the loaders' store indexes names).
    /// Moved out, so that the entries are not retained on their way into the table; the
    /// builder is left empty, ready for the next object.
    mutating func takeTable() -> PropertyTable {
        var taken: [PropertyTable.Entry] = []
        swap(&taken, &entries)
        let wasASCII = asciiKeys
        asciiKeys = true
        if checksAtClose {
            checksAtClose = false
            orderedFingerprints.removeAll(keepingCapacity: true)
        }
        guard let index = index.take(), wasASCII else { return PropertyTable(taken.trimmed()) }
        return PropertyTable(taken.trimmed(), keyIndex: TableKeyIndex(index))
    }

    /// Adds the value of the pending key.
    mutating func append(_ node: consuming PropertyNode) {
        guard let key = pendingKey.take() else { return }
        if replacing >= 0 {
            entries[replacing] = PropertyTable.Entry(key: key.string, keyPosition: pendingKeyPosition, node: node)
            replacing = -1
            return
        }
        let fingerprint = key.fingerprint
        entries.append(PropertyTable.Entry(key: key.string, keyPosition: pendingKeyPosition, node: node))
        if checksAtClose {
            orderedFingerprints.append(fingerprint)
            return
        }
        guard index == nil else { return }
        fingerprints.set(entries.count - 1, fingerprint)
        if entries.count >= Self.indexThreshold {
            if rejectsDuplicates {
                checksAtClose = true
                orderedFingerprints.reserveCapacity(entries.capacity)
                fingerprints.withValues(count: entries.count) { orderedFingerprints.append(contentsOf: $0) }
                return
            }
            var built = FingerprintIndex(minimumCapacity: entries.count * 2)
            fingerprints.withValues(count: entries.count) { fingerprints in
                for offset in fingerprints.indices { built.insert(fingerprints[offset], offset: offset) }
            }
            index = built
        }
    }

    /// Builds the key index of an object whose duplicates are checked at its close; false when
    /// two of its keys are one key (``firstDuplicate()`` then names them). The index is sized
    /// once and filled in order, so the first repeated key it meets is the first in reading
    /// order.
    mutating func indexAtClose() -> Bool {
        checksAtClose ? buildIndexAtClose() : true
    }

    private mutating func buildIndexAtClose() -> Bool {
        var built = FingerprintIndex(minimumCapacity: entries.count)
        let unique = entries.withUnsafeBufferPointer { entries in
            orderedFingerprints.withUnsafeBufferPointer { fingerprints in
                for offset in fingerprints.indices {
                    let repeated = built.offsetOrInsert(fingerprints[offset], offset: offset) { earlier in
                        TableKey.same(entries[earlier].key, entries[offset].key)
                    }
                    if repeated != nil { return false }
                }
                return true
            }
        }
        if unique { index = built }
        return unique
    }

    /// The first key, in reading order, that repeats an earlier one of this object (counting
    /// the pending key), with the first definition: what a check at each key would have
    /// reported. Runs only on the way to an error, so it recomputes every fingerprint.
    func firstDuplicate() -> (key: String, position: SourcePosition, previous: (position: SourcePosition, key: String))?
    {
        guard checksAtClose else { return nil }
        var keys = entries.map { (key: $0.key, position: $0.keyPosition) }
        if let pendingKey { keys.append((pendingKey.string, pendingKeyPosition)) }
        var seen = FingerprintIndex(minimumCapacity: keys.count)
        for offset in keys.indices {
            let key = keys[offset].key
            if let earlier = seen.offsetOrInsert(
                TableKey.fingerprint(of: key), offset: offset, where: { keys[$0].key == key })
            {
                return (key, keys[offset].position, (keys[earlier].position, keys[earlier].key))
            }
        }
        return nil
    }

    /// The offset of the entry whose key is `key`. When the object is indexed and the key is
    /// new, the index records it at the offset its value will be appended to, so each key
    /// costs one probe.
    private mutating func offsetOrReserve(_ key: borrowing TableKey) -> Int? {
        // The index is moved out while it is probed, so that the probe can read the entries
        // without copying (and retaining) them.
        if var index = index.take() {
            let found = entries.withUnsafeBufferPointer { entries in
                index.offsetOrInsert(key.fingerprint, offset: entries.count) { offset in
                    TableKey.same(entries[offset].key, key.string)
                }
            }
            self.index = consume index
            return found
        }
        let count = entries.count
        return entries.withUnsafeBufferPointer { entries in
            fingerprints.withValues(count: count) { fingerprints in
                for offset in fingerprints.indices where fingerprints[offset] == key.fingerprint {
                    if TableKey.same(entries[offset].key, key.string) { return offset }
                }
                return nil
            }
        }
    }
}
