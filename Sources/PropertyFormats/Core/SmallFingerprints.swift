/// The key fingerprints of a small table under construction, stored inline: sixteen of them,
/// as many as the parsers' tables hold before they index their keys (``FingerprintIndex``), so
/// that a small table allocates nothing for them.
struct SmallFingerprints {
    /// How many fingerprints there is room for.
    static let capacity = 16

    private var storage:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Stores `fingerprint` at `slot`; a slot beyond ``capacity`` is ignored.
    mutating func set(_ slot: Int, _ fingerprint: UInt64) {
        guard slot >= 0, slot < Self.capacity else { return }
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: fingerprint, toByteOffset: slot * 8, as: UInt64.self) }
    }

    /// Calls `body` with the first `count` fingerprints (at most ``capacity``).
    mutating func withValues<Result>(count: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        let count = min(max(count, 0), Self.capacity)
        return withUnsafeMutableBytes(of: &storage) { bytes in
            body(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt64.self), count: count))
        }
    }
}
