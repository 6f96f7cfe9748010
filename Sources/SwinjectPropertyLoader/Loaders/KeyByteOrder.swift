import Foundation

/// Orders dictionary keys by their UTF-8 bytes (Unicode scalar order, which is `String`'s
/// order for the normalized keys property lists hold), so that loaders of unordered formats
/// give the same order on every run.
enum KeyByteOrder {
    /// The offsets of `keys` in byte order; equal keys keep their relative order.
    ///
    /// Sorts small (prefix, offset) records rather than the keys: the first 24 key bytes, read
    /// once per key, decide most comparisons as integer compares, and only keys that share
    /// them compare their full bytes. The small tables configuration files are made of are
    /// sorted by binary insertion in place, which on tables of tens of keys does fewer comparisons
    /// and moves than the general sort with the same comparison.
    static func offsets(of keys: [String]) -> [Int] {
        guard keys.count > 1 else { return Array(keys.indices) }
        var records: [Record] = []
        records.reserveCapacity(keys.count)
        for offset in keys.indices {
            var text = keys[offset]
            records.append(text.withUTF8 { Record(bytes: $0, offset: offset) })
        }
        keys.withUnsafeBufferPointer { keys in
            if records.count <= insertionSortLimit {
                records.withUnsafeMutableBufferPointer { insertionSort($0, keys: keys) }
            } else {
                records.sort { $0.precedes($1, keys: keys) }
            }
        }
        return records.map(\.offset)
    }

    /// Up to this many keys binary insertion is used. Its memory moves grow with the square of
    /// the count, so larger tables take the general sort.
    static let insertionSortLimit = 48

    /// A key's first 24 bytes as three big-endian integers (zero-padded), and where the key is.
    struct Record {
        var first: UInt64
        var second: UInt64
        var third: UInt64
        var offset: Int

        init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
            first = Self.word(bytes, from: 0)
            second = bytes.count > 8 ? Self.word(bytes, from: 8) : 0
            third = bytes.count > 16 ? Self.word(bytes, from: 16) : 0
            self.offset = offset
        }

        /// Up to eight bytes from `start` as a big-endian integer, zero-padded on the right.
        private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
            var word: UInt64 = 0
            for index in start..<min(start + 8, bytes.count) {
                word |= UInt64(bytes[index]) << (56 - 8 * UInt64(index - start))
            }
            return word
        }

        /// Whether this key sorts strictly before `other`. Padding with zero bytes keeps the
        /// order: a key that is a prefix of another compares equal on the prefix and is then
        /// decided by the full comparison, where the shorter key comes first.
        func precedes(_ other: Record, keys: UnsafeBufferPointer<String>) -> Bool {
            if first != other.first { return first < other.first }
            if second != other.second { return second < other.second }
            if third != other.third { return third < other.third }
            return KeyByteOrder.precedes(keys[offset], keys[other.offset])
        }
    }

    /// Stable binary insertion sort of `records`: each record's place in the sorted prefix is
    /// found by binary search (after the last record it does not precede), then the records
    /// behind it move up one slot in a single memory move.
    private static func insertionSort(_ records: UnsafeMutableBufferPointer<Record>, keys: UnsafeBufferPointer<String>)
    {
        guard let base = records.baseAddress else { return }
        for sortedEnd in 1..<records.count {
            let record = base[sortedEnd]
            guard record.precedes(base[sortedEnd - 1], keys: keys) else { continue }
            var lower = 0
            var upper = sortedEnd - 1
            while lower < upper {
                let middle = (lower + upper) / 2
                if record.precedes(base[middle], keys: keys) { upper = middle } else { lower = middle + 1 }
            }
            (base + lower + 1).update(from: base + lower, count: sortedEnd - lower)
            base[lower] = record
        }
    }

    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes.
    @inline(never)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                let compared = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return compared != 0 ? compared < 0 : left.count < right.count
            }
        }
    }
}
