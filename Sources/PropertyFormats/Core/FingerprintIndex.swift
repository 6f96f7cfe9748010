/// The offsets of a table's entries by the fingerprints of their keys, for tables too large
/// to scan: an open-addressing hash table with linear probing, never more than half full.
///
/// Fingerprints (``ExactKey``) are already seeded 64-bit hashes, so a slot is chosen from their
/// top bits directly, with no second hash over the key. Two keys can share a fingerprint only
/// by chance; the caller's `matches` closure decides whether an entry with the same
/// fingerprint really has the same key.
struct FingerprintIndex {
    private struct Slot {
        var fingerprint: UInt64
        /// The entry's offset in the table, or -1 for an empty slot.
        var offset: Int
    }

    private var slots: [Slot]
    /// 64 minus the base-2 logarithm of the capacity: `fingerprint >> shift` is a home slot.
    private var shift: UInt64
    /// The number of occupied slots.
    private(set) var count = 0

    /// An empty index with room for `minimumCapacity` entries before it grows.
    init(minimumCapacity: Int) {
        var capacity = 16
        var bits: UInt64 = 4
        while capacity < 2 * minimumCapacity {
            capacity <<= 1
            bits += 1
        }
        slots = Array(repeating: Slot(fingerprint: 0, offset: -1), count: capacity)
        shift = 64 - bits
    }

    /// The offset of the entry whose key has `fingerprint` and `matches`, if any.
    @inline(__always)
    func offset(of fingerprint: UInt64, where matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: fingerprint >> shift)
            while true {
                let slot = slots[position]
                if slot.offset < 0 { return nil }
                if slot.fingerprint == fingerprint && matches(slot.offset) { return slot.offset }
                position = (position + 1) & mask
            }
        }
    }

    /// Records `newOffset` for `fingerprint` unless an entry that `matches` is present, and
    /// returns that entry's offset; nil when `newOffset` was recorded. One probe sequence does
    /// both the lookup and the insertion.
    @inline(__always)
    mutating func offsetOrInsert(_ fingerprint: UInt64, offset newOffset: Int, where matches: (Int) -> Bool) -> Int? {
        if 2 * (count + 1) > slots.count { grow() }
        let shift = shift
        let existing = slots.withUnsafeMutableBufferPointer { slots -> Int? in
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: fingerprint >> shift)
            while true {
                let slot = slots[position]
                if slot.offset < 0 {
                    slots[position] = Slot(fingerprint: fingerprint, offset: newOffset)
                    return nil
                }
                if slot.fingerprint == fingerprint && matches(slot.offset) { return slot.offset }
                position = (position + 1) & mask
            }
        }
        if existing == nil { count += 1 }
        return existing
    }

    /// Records `offset` for a key known to be absent.
    mutating func insert(_ fingerprint: UInt64, offset: Int) {
        if 2 * (count + 1) > slots.count { grow() }
        place(fingerprint, offset: offset)
        count += 1
    }

    private mutating func place(_ fingerprint: UInt64, offset: Int) {
        let shift = shift
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: fingerprint >> shift)
            while slots[position].offset >= 0 { position = (position + 1) & mask }
            slots[position] = Slot(fingerprint: fingerprint, offset: offset)
        }
    }

    /// Doubles the capacity and re-places every entry; fingerprints are kept, nothing is
    /// hashed again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(fingerprint: 0, offset: -1), count: old.count * 2)
        shift -= 1
        for slot in old where slot.offset >= 0 { place(slot.fingerprint, offset: slot.offset) }
    }
}
