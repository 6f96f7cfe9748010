/// Recently read keys by fingerprint, so a key that repeats (the members of similar objects,
/// the keys of every `[[servers]]` table) becomes a `String` once per document instead of
/// once per occurrence: a hit costs a fingerprint and a byte comparison, a miss one `String`.
///
/// Direct-mapped: each fingerprint has one slot, and a new key replaces whatever was there.
struct KeyCache {
    private struct Slot {
        var count = -1
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var key = TableKey("", fingerprint: 0)
    }

    /// 512 slots, allocated on the first key.
    private var slots: [Slot] = []
    /// ``ExactKey/seed``, read once.
    private let seed = ExactKey.seed

    /// The key spelled by `raw` (valid UTF-8), from the cache when it was read before.
    @inline(__always)
    mutating func key(_ raw: UnsafeRawBufferPointer) -> TableKey {
        let count = raw.count
        let (head, tail) = ExactKey.edges(of: raw)
        let fingerprint = ExactKey.fingerprint(of: raw, head: head, tail: tail, seed: seed)
        let slot = Int(truncatingIfNeeded: fingerprint >> 55)  // 0..<512
        if slots.isEmpty { slots = Array(repeating: Slot(), count: 512) }
        // Read through a pointer: a hit copies only the key it returns.
        let cached = slots.withUnsafeBufferPointer { slots -> TableKey? in
            guard slots[slot].count == count, slots[slot].head == head, slots[slot].tail == tail else { return nil }
            // Count, head and tail are the whole key up to 16 bytes; compare longer ones fully.
            if count <= 16 { return slots[slot].key }
            let same = slots[slot].key.string.utf8.withContiguousStorageIfAvailable {
                ExactKey.sameBytes(UnsafeRawBufferPointer($0), raw)
            }
            return same == true ? slots[slot].key : nil
        }
        if let cached { return cached }
        let string = String(decoding: raw, as: UTF8.self)
        // A key that is not ASCII is fingerprinted by its NFC form (``TableKey``).
        let ascii = TableKey.ASCII.all(raw)
        let key = TableKey(
            string, fingerprint: ascii ? fingerprint : TableKey.fingerprint(of: string), isASCII: ascii)
        slots[slot] = Slot(count: count, head: head, tail: tail, key: key)
        return key
    }
}
