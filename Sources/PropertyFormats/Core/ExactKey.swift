import Foundation

/// Fingerprints of key bytes: seeded 64-bit digests that equal bytes share, so duplicate-key
/// checks and indexes compare integers before they compare keys. The parsers' keys
/// (``TableKey``) and the loaders' store of ASCII keys are found by them.
package enum ExactKey {
    /// Whether two byte buffers hold the same bytes.
    package static func sameBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.count == rhs.count && (lhs.isEmpty || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
    }

    /// The fingerprint of a string's UTF-8 bytes.
    package static func fingerprint(of string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { fingerprint(of: UnsafeRawBufferPointer($0)) }
    }

    /// A 64-bit digest of every byte and the length. Equal bytes give equal fingerprints.
    /// Inlinable, so that the loaders' store fingerprints names without a call.
    @inlinable
    package static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let (head, tail) = edges(of: bytes)
        return fingerprint(of: bytes, head: head, tail: tail)
    }

    /// The fingerprint when the ``edges(of:)`` are already known.
    ///
    /// Keys longer than 16 bytes also mix in their middle words, so that keys which differ only
    /// in the middle (`service_0001_port`, `service_0002_port`) do not collide, and a document
    /// of many such keys cannot make the duplicate check quadratic. The per-process seed keeps
    /// collisions from being computed in advance.
    @inlinable
    static func fingerprint(of bytes: UnsafeRawBufferPointer, head: UInt64, tail: UInt64) -> UInt64 {
        fingerprint(of: bytes, head: head, tail: tail, seed: seed)
    }

    /// The fingerprint with the ``seed`` passed in, for callers that read it once for many keys
    /// (reading a global costs a check that it is initialized).
    @inlinable
    static func fingerprint(of bytes: UnsafeRawBufferPointer, head: UInt64, tail: UInt64, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var result = (seed ^ UInt64(truncatingIfNeeded: count)) &* multiplier
        if count > 16 {
            var offset = 8
            while offset < count - 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                result = (result ^ word) &* multiplier
                result ^= result >> 32
                offset += 8
            }
        }
        result = (result ^ head) &* multiplier
        result = (result ^ (tail >> 7 | tail << 57)) &* multiplier
        return result ^ (result >> 29)
    }

    /// The first and last eight bytes (little-endian), or all the bytes in `head` when there
    /// are fewer than eight. Together with the count they determine keys of up to 16 bytes.
    @inlinable
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

    @usableFromInline static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// Chosen at random once per process; fixed when `SWIFT_DETERMINISTIC_HASHING` is set, as
    /// the standard library's `Hasher` is, so that profiles of two runs count the same work.
    @usableFromInline static let seed: UInt64 =
        getenv("SWIFT_DETERMINISTIC_HASHING") != nil ? 0x2545_F491_4F6C_DD1D : UInt64.random(in: 1...UInt64.max)
}
