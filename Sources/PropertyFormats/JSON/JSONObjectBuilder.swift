/// The members of one JSON object while it is read: entries in order, the key waiting for its
/// value, and duplicate detection that stays linear for large objects.
///
/// Every key has a 64-bit fingerprint of its bytes, so checking a new key against the earlier
/// ones compares integers and only looks at the strings when fingerprints match. Small objects
/// are scanned; once an object has ``indexThreshold`` entries, a hash index takes over.
struct JSONObjectBuilder {
    /// The number of entries at which the hash index is built.
    static let indexThreshold = 16

    /// The entries read so far, in order.
    private(set) var entries: [PropertyTable.Entry] = []
    /// The fingerprint of each entry's key.
    private var fingerprints: [UInt64] = []
    /// Entry offsets by key, once the object is large.
    private var index: [JSONKey: Int]?
    /// The key whose value is being read.
    private var pendingKey = JSONKey("", fingerprint: 0)
    private var pendingKeyPosition = SourcePosition.unknown
    /// The entry the pending value replaces (policy `.useLast`), or -1.
    private var replacing = -1

    /// Reserves room for `capacity` entries.
    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
        fingerprints.reserveCapacity(capacity)
    }

    /// Records the key whose value comes next. When the key is already present, returns the
    /// position of its first definition under policy `.reject`; under `.useLast` the coming
    /// value will replace that entry.
    mutating func setKey(
        _ key: JSONKey, at position: SourcePosition, policy: JSONParser.DuplicateKeyPolicy
    ) -> SourcePosition? {
        pendingKey = key
        pendingKeyPosition = position
        replacing = -1
        guard let existing = offset(of: pendingKey) else { return nil }
        switch policy {
        case .reject:
            return entries[existing].keyPosition
        case .useLast:
            replacing = existing
            return nil
        }
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
        fingerprints.append(pendingKey.fingerprint)
        if index != nil {
            index?[pendingKey] = entries.count - 1
        } else if entries.count >= Self.indexThreshold {
            var built = [JSONKey: Int](minimumCapacity: entries.count * 2)
            for offset in entries.indices {
                built[JSONKey(entries[offset].key, fingerprint: fingerprints[offset])] = offset
            }
            index = built
        }
    }

    private func offset(of key: JSONKey) -> Int? {
        if let index { return index[key] }
        for offset in fingerprints.indices where fingerprints[offset] == key.fingerprint {
            if JSONKey.same(entries[offset].key, key.string) { return offset }
        }
        return nil
    }
}

/// A string that compares by its exact UTF-8 bytes, not by Unicode canonical equivalence as
/// `String` does (JSON keys `"é"` and `"e\u0301"` are different keys), and hashes by a
/// fingerprint of those bytes.
struct JSONKey: Hashable {
    let string: String
    let fingerprint: UInt64

    init(_ string: String, fingerprint: UInt64) {
        self.string = string
        self.fingerprint = fingerprint
    }

    init(_ string: String) {
        var string = string
        self.fingerprint = string.withUTF8 { Self.fingerprint(of: UnsafeRawBufferPointer($0)) }
        self.string = string
    }

    static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && same(lhs.string, rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Whether two strings have the same UTF-8 bytes. `String`'s own `==` (a memory compare
    /// for ASCII) rules out almost every pair; equal bytes imply `==`, so the byte comparison
    /// runs only for real duplicates and canonically equivalent spellings.
    @inline(__always)
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// A 64-bit digest of the length and of the first and last eight bytes: every byte of keys
    /// up to 16 bytes long. Equal bytes give equal fingerprints.
    @inline(__always)
    static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let (head, tail) = edges(of: bytes)
        return fingerprint(count: bytes.count, head: head, tail: tail)
    }

    /// The first and last eight bytes (little-endian), or all the bytes in `head` when there
    /// are fewer than eight. Together with the count they determine keys of up to 16 bytes.
    @inline(__always)
    static func edges(of bytes: UnsafeRawBufferPointer) -> (head: UInt64, tail: UInt64) {
        let count = bytes.count
        if count >= 8 {
            return (
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            )
        }
        var head: UInt64 = 0
        for offset in 0..<count { head |= UInt64(bytes[offset]) << (UInt64(offset) << 3) }
        return (head, 0)
    }

    @inline(__always)
    static func fingerprint(count: Int, head: UInt64, tail: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var result = UInt64(truncatingIfNeeded: count) &* multiplier
        result = (result ^ head) &* multiplier
        result = (result ^ (tail >> 7 | tail << 57)) &* multiplier
        return result ^ (result >> 29)
    }
}

/// One slot of the reader's cache of recently read keys.
struct JSONCachedKey {
    var count = -1
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var key = JSONKey("", fingerprint: 0)
}
