/// The entry counts of the tables a TOML document has built so far, by kind of table, so a new
/// table reserves room for as many entries as the last one of its kind had: documents repeat
/// their tables' shapes (every `[[servers]]`, every `[service.database]`).
///
/// A kind is the table's key and depth (or its depth alone for an inline table), hashed to one
/// of 256 slots; two kinds that share a slot only make a hint less exact.
final class TOMLTableSizes {
    private static let slotCount = 256
    // Benchmark: toml.load.many-small-nested
    @exclusivity(unchecked) private var sizes = [Int](repeating: 0, count: slotCount)

    /// The slot of a table named by a key with `fingerprint` (nil for an inline table) at `depth`.
    static func slot(fingerprint: UInt64?, depth: Int) -> Int {
        let mixed = ((fingerprint ?? 0x5BD1_E995) ^ UInt64(truncatingIfNeeded: depth)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 56)
    }

    /// The last recorded count at `slot`, or 0.
    @inline(__always)  // Benchmark: toml.load.many-small-nested
    func size(at slot: Int) -> Int {
        sizes[slot & (Self.slotCount - 1)]
    }

    /// Records that a table of the kind at `slot` holds `count` entries (as a hint, at most
    /// ``maxHint``: a table larger than that grows as it fills).
    @inline(__always)  // Benchmark: toml.load.many-small-nested
    func record(_ count: Int, at slot: Int) {
        sizes[slot & (Self.slotCount - 1)] = min(count, Self.maxHint)
    }

    /// The largest room a hint reserves.
    static let maxHint = 256
}
