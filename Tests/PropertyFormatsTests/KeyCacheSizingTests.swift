import Testing

@testable import PropertyFormats

/// The key cache holds about one key per 256 bytes of input, so keys that repeat only after
/// thousands of others (the same keys in each of several large tables) are made once.
@Suite struct KeyCacheSizingTests {
    /// Whether two strings share their storage: a cache hit returns the stored `String`.
    private static func sameStorage(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let right = rhs.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        return left != nil && left == right
    }

    /// How many of `keys`, read `rounds` times in a row by a cache for `inputBytes` bytes, come
    /// back in the last round as the `String` of the round before.
    private static func reused(_ keys: [String], inputBytes: Int, rounds: Int = 2) -> Int {
        var cache = KeyCache(inputBytes: inputBytes)
        func key(_ text: String) -> TableKey {
            var text = text
            return text.withUTF8 { cache.key(UnsafeRawBufferPointer($0)) }
        }
        var first: [String] = []
        for _ in 1..<rounds { first = keys.map { key($0).string } }
        var reused = 0
        for (offset, text) in keys.enumerated() {
            let second = key(text)
            #expect(second.string == text)
            #expect(second == TableKey(text))
            if sameStorage(second.string, first[offset]) { reused += 1 }
        }
        return reused
    }

    // Keys longer than 15 bytes, so that each `String` has storage of its own.
    private static let keys = (0..<3_000).map { "key_\($0)_with_a_long_suffix" }

    // The cache grows while most keys miss (to its full size after 257 misses), so the second
    // round already finds what the first made.
    @Test func aLargeDocumentReusesKeysThatRepeatAfterThousandsOfOthers() {
        #expect(Self.reused(Self.keys, inputBytes: 2_000_000, rounds: 4) > 2_000)
        #expect(Self.reused(Self.keys, inputBytes: 2_000_000, rounds: 2) > 2_000)
    }

    @Test func aSmallDocumentKeepsASmallCache() {
        // 512 slots cannot hold 3,000 keys read in order: each is gone when it comes back.
        #expect(Self.reused(Self.keys, inputBytes: 10_000, rounds: 4) < 100)
    }

    // Keys that mostly hit do not grow the cache, however many new keys come between them;
    // keys that mostly miss grow it up to the size the document allows.
    @Test func theCacheGrowsOnlyWhileMostKeysMiss() {
        func read(_ texts: [String], into cache: inout KeyCache) {
            for text in texts {
                var text = text
                let key = text.withUTF8 { cache.key(UnsafeRawBufferPointer($0)) }
                #expect(key.string == text)
            }
        }
        let common = (0..<8).map { "member_name_\($0)_long" }
        var hitting = KeyCache(inputBytes: 2_000_000)
        for index in 0..<3_000 { read(["unique_key_number_\(index)"] + common, into: &hitting) }
        #expect(hitting.capacity == 512)
        var missing = KeyCache(inputBytes: 2_000_000)
        read(Self.keys + Self.keys, into: &missing)
        #expect(missing.capacity == 8_192)
        var small = KeyCache(inputBytes: 10_000)
        read(Self.keys + Self.keys, into: &small)
        #expect(small.capacity == 512)
    }

    @Test func twoKeysOfOneSetAreBothKept() {
        var cache = KeyCache()
        func key(_ text: String) -> TableKey {
            var text = text
            return text.withUTF8 { cache.key(UnsafeRawBufferPointer($0)) }
        }
        // Two keys that share a set (of a 512-slot cache: the top 8 bits), read in turn.
        let candidates = (0..<5_000).map { "alternating_key_number_\($0)" }
        let first = candidates[0]
        let slot = { (text: String) in ExactKey.fingerprint(of: text) >> 56 }
        guard let partner = candidates.dropFirst().first(where: { slot($0) == slot(first) }) else {
            Issue.record("no two keys share a set")
            return
        }
        let madeFirst = key(first).string
        let madePartner = key(partner).string
        for _ in 0..<3 {
            #expect(Self.sameStorage(key(first).string, madeFirst))
            #expect(Self.sameStorage(key(partner).string, madePartner))
        }
    }
}
