/// Recently read keys by fingerprint, so a key that repeats (the members of similar objects,
/// the keys of every `[[servers]]` table, the same keys in each language of a translation file)
/// becomes a `String` once per document instead of once per occurrence: a hit costs a
/// fingerprint and a byte comparison, a miss one `String`.
///
/// Two-way set associative: each fingerprint has a set of two slots, the more recently used
/// first; a new key goes first and the older of the two is dropped.
///
/// The cache starts with 512 slots, which hold the keys that repeat in most documents while
/// staying in the processor's caches. When more than half of the keys read so far were misses,
/// and there were more misses than half its slots, the keys repeat only after more others than
/// it holds (the same keys in large sibling tables): it grows at once to the size the document
/// allows, about one slot per 256 bytes of input and at most 8,192, keeping the keys it has, so
/// that the second large table already finds the keys of the first.
struct KeyCache {
    private struct Slot {
        var count = -1
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var key = TableKey("", fingerprint: 0)
    }

    /// The slots, allocated on the first key.
    private var slots: [Slot] = []
    /// The number of slots, a power of two.
    private var slotCount = 512
    /// `fingerprint >> shift` is a slot number.
    private var shift: UInt64 = 64 - 9
    /// The most slots the cache may grow to.
    private let maxSlotCount: Int
    /// Keys read, and keys missed, since the cache last grew.
    private var reads = 0
    private var misses = 0
    /// ``ExactKey/seed``, read once.
    private let seed = ExactKey.seed

    /// The number of slots.
    var capacity: Int { slotCount }

    /// A cache for a document of `inputBytes` bytes.
    init(inputBytes: Int = 0) {
        var count = 512
        while count < 8_192, count * 256 < inputBytes { count <<= 1 }
        maxSlotCount = count
    }

    /// The key spelled by `raw` (valid UTF-8), from the cache when it was read before.
    mutating func key(_ raw: UnsafeRawBufferPointer) -> TableKey {
        let count = raw.count
        let (head, tail) = ExactKey.edges(of: raw)
        let fingerprint = ExactKey.fingerprint(of: raw, head: head, tail: tail, seed: seed)
        let first = Int(truncatingIfNeeded: fingerprint >> shift) & ~1
        if slots.isEmpty { slots = Array(repeating: Slot(), count: slotCount) }
        reads += 1
        // Through a pointer: a hit copies only the key it returns, and reordering the set
        // moves slots without retaining their keys.
        var missed = false
        let key = slots.withUnsafeMutableBufferPointer { slots -> TableKey in
            guard let set = slots.baseAddress.map({ $0 + first }) else { return Self.make(raw, fingerprint) }
            if Self.holds(set, raw, count: count, head: head, tail: tail) { return set.pointee.key }
            let second = set + 1
            if Self.holds(second, raw, count: count, head: head, tail: tail) {
                let found = second.move()
                second.moveInitialize(from: set, count: 1)
                set.initialize(to: found)
                return found.key
            }
            missed = true
            let key = Self.make(raw, fingerprint)
            second.pointee = set.move()
            set.initialize(to: Slot(count: count, head: head, tail: tail, key: key))
            return key
        }
        if missed {
            misses += 1
            if misses > slotCount / 2, 2 * misses > reads, slotCount < maxSlotCount { grow() }
        }
        return key
    }

    /// Makes the cache as large as the document allows (``maxSlotCount``), keeping its keys.
    private mutating func grow() {
        let larger = maxSlotCount
        var bits: UInt64 = 0
        while 1 << bits < larger { bits += 1 }
        let newShift = 64 - bits
        var grown = Array(repeating: Slot(), count: larger)
        // Second ways first, so that where two keys meet again the more recent one is first.
        for way in [1, 0] {
            for set in stride(from: way, to: slots.count, by: 2) where slots[set].count >= 0 {
                let slot = slots[set]
                let seed = seed
                guard
                    let fingerprint = slot.key.string.utf8.withContiguousStorageIfAvailable({
                        ExactKey.fingerprint(
                            of: UnsafeRawBufferPointer($0), head: slot.head, tail: slot.tail, seed: seed)
                    })
                else { continue }
                let first = Int(truncatingIfNeeded: fingerprint >> newShift) & ~1
                grown[first + 1] = grown[first]
                grown[first] = slot
            }
        }
        slots = grown
        slotCount = larger
        shift = newShift
        reads = 0
        misses = 0
    }

    /// A new key for `raw`, whose bytes have `fingerprint`.
    private static func make(_ raw: UnsafeRawBufferPointer, _ fingerprint: UInt64) -> TableKey {
        let string = String(decoding: raw, as: UTF8.self)
        // A key that is not ASCII is fingerprinted by its NFC form (``TableKey``).
        let ascii = TableKey.ASCII.all(raw)
        return TableKey(string, fingerprint: ascii ? fingerprint : TableKey.fingerprint(of: string), isASCII: ascii)
    }

    /// Whether `slot` holds the key spelled by `raw`; read in place, so that the key is not
    /// retained to be compared.
    private static func holds(
        _ slot: UnsafeMutablePointer<Slot>, _ raw: UnsafeRawBufferPointer, count: Int, head: UInt64, tail: UInt64
    ) -> Bool {
        guard slot.pointee.count == count, slot.pointee.head == head, slot.pointee.tail == tail else { return false }
        // Count, head and tail are the whole key up to 16 bytes; compare longer ones fully.
        if count <= 16 { return true }
        return slot.pointee.key.string.utf8.withContiguousStorageIfAvailable {
            ExactKey.sameBytes(UnsafeRawBufferPointer($0), raw)
        } == true
    }
}
