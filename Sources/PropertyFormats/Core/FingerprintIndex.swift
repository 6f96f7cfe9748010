/// The offsets of a table's entries by the fingerprints of their keys, for tables too large
/// to scan: an open-addressing hash table with linear probing, never more than half full.
///
/// Fingerprints (``ExactKey``) are already seeded 64-bit hashes, so a slot is chosen from their
/// top bits directly, with no second hash over the key. Two keys can share a fingerprint only
/// by chance; the caller's `matches` closure decides whether an entry with the same
/// fingerprint really has the same key.
///
/// Lookups are inlinable, so that the loaders' store, in another module, probes with its key
/// comparison inlined rather than through a closure call.
package struct FingerprintIndex: Sendable {
    @usableFromInline struct Slot: Sendable {
        @usableFromInline var fingerprint: UInt64
        /// The entry's offset in the table, or -1 for an empty slot.
        @usableFromInline var offset: Int

        @usableFromInline init(fingerprint: UInt64, offset: Int) {
            self.fingerprint = fingerprint
            self.offset = offset
        }
    }

    @usableFromInline var slots: [Slot]
    /// 64 minus the base-2 logarithm of the capacity: `fingerprint >> shift` is a home slot.
    @usableFromInline var shift: UInt64
    /// The number of occupied slots.
    package internal(set) var count = 0

    /// An empty index with room for `minimumCapacity` entries before it grows.
    package init(minimumCapacity: Int) {
        var capacity = 16
        var bits: UInt64 = 4
        while capacity < 2 * minimumCapacity {
            capacity <<= 1
            bits += 1
        }
        slots = Array(repeating: Slot(fingerprint: 0, offset: -1), count: capacity)
        shift = 64 - bits
    }

    /// The slot holding the entry with `fingerprint` that `matches`, or else the empty slot
    /// where it belongs: the one probe sequence every operation shares.
    @inlinable
    static func probe(
        _ slots: UnsafeBufferPointer<Slot>, shift: UInt64, _ fingerprint: UInt64, where matches: (Int) -> Bool
    ) -> (position: Int, found: Bool) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: fingerprint >> shift)
        while true {
            let slot = slots[position]
            if slot.offset < 0 { return (position, false) }
            if slot.fingerprint == fingerprint && matches(slot.offset) { return (position, true) }
            position = (position + 1) & mask
        }
    }

    /// The offset of the entry whose key has `fingerprint` and `matches`, if any.
    @inlinable
    package func offset(of fingerprint: UInt64, where matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let (position, found) = Self.probe(slots, shift: shift, fingerprint, where: matches)
            return found ? slots[position].offset : nil
        }
    }

    /// Records `newOffset` for `fingerprint` unless an entry that `matches` is present, and
    /// returns that entry's offset; nil when `newOffset` was recorded. One probe sequence does
    /// both the lookup and the insertion.
    @inlinable
    package mutating func offsetOrInsert(_ fingerprint: UInt64, offset newOffset: Int, where matches: (Int) -> Bool)
        -> Int?
    {
        record(fingerprint, offset: newOffset, replacing: false, where: matches)
    }

    /// Records `newOffset` for `fingerprint`, in place of the entry that `matches` if there is
    /// one, and returns the offset it replaced.
    @inlinable
    package mutating func replace(_ fingerprint: UInt64, offset newOffset: Int, where matches: (Int) -> Bool) -> Int? {
        record(fingerprint, offset: newOffset, replacing: true, where: matches)
    }

    /// Records `offset` for a key known to be absent.
    package mutating func insert(_ fingerprint: UInt64, offset: Int) {
        _ = record(fingerprint, offset: offset, replacing: false) { _ in false }
    }

    @inlinable
    mutating func record(
        _ fingerprint: UInt64, offset newOffset: Int, replacing: Bool, where matches: (Int) -> Bool
    ) -> Int? {
        if 2 * (count + 1) > slots.count { grow() }
        let shift = shift
        let existing = slots.withUnsafeMutableBufferPointer { slots -> Int? in
            let (position, found) = Self.probe(UnsafeBufferPointer(slots), shift: shift, fingerprint, where: matches)
            if !found {
                slots[position] = Slot(fingerprint: fingerprint, offset: newOffset)
                return nil
            }
            let old = slots[position].offset
            if replacing { slots[position].offset = newOffset }
            return old
        }
        if existing == nil { count += 1 }
        return existing
    }

    /// Makes room for `minimumCapacity` entries before the index grows again.
    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        var capacity = slots.count
        var shift = shift
        while capacity < 2 * minimumCapacity {
            capacity <<= 1
            shift -= 1
        }
        if capacity > slots.count { rehash(capacity: capacity, shift: shift) }
    }

    /// Doubles the capacity and re-places every entry; fingerprints are kept, nothing is
    /// hashed again.
    @usableFromInline mutating func grow() {
        rehash(capacity: slots.count * 2, shift: shift - 1)
    }

    /// Re-places every entry in `capacity` slots, whose home slot is `fingerprint >> shift`.
    private mutating func rehash(capacity: Int, shift: UInt64) {
        let old = slots
        slots = Array(repeating: Slot(fingerprint: 0, offset: -1), count: capacity)
        self.shift = shift
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in old where slot.offset >= 0 {
                let (position, _) = Self.probe(UnsafeBufferPointer(slots), shift: shift, slot.fingerprint) { _ in false
                }
                slots[position] = slot
            }
        }
    }
}
