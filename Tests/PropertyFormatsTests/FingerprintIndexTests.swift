import Testing

@testable import PropertyFormats

/// The index large JSON objects and TOML tables use for duplicate keys, and the cache that
/// turns repeated keys into one `String`.
@Suite struct FingerprintIndexTests {
    @Test func findsEveryOffsetAfterGrowingManyTimes() {
        let keys = (0..<5_000).map { "key_\($0)" }
        var index = FingerprintIndex(minimumCapacity: 1)
        for (offset, key) in keys.enumerated() {
            let inserted = index.offsetOrInsert(ExactKey.fingerprint(of: key), offset: offset) { keys[$0] == key }
            #expect(inserted == nil)
        }
        #expect(index.count == keys.count)
        for (offset, key) in keys.enumerated() {
            #expect(index.offset(of: ExactKey.fingerprint(of: key)) { keys[$0] == key } == offset)
        }
        #expect(index.offset(of: ExactKey.fingerprint(of: "absent")) { keys[$0] == "absent" } == nil)
    }

    @Test func aKeyPresentAlreadyReportsItsFirstOffset() {
        var index = FingerprintIndex(minimumCapacity: 4)
        let fingerprint = ExactKey.fingerprint(of: "port")
        #expect(index.offsetOrInsert(fingerprint, offset: 0) { _ in true } == nil)
        #expect(index.offsetOrInsert(fingerprint, offset: 1) { _ in true } == 0)
        #expect(index.count == 1)
    }

    @Test func equalFingerprintsOfDifferentKeysAreKeptApart() {
        // Every key gets the same fingerprint: only `matches` tells them apart, and every
        // key still gets its own slot.
        let keys = ["a", "b", "c", "d", "e"]
        var index = FingerprintIndex(minimumCapacity: 2)
        for (offset, key) in keys.enumerated() {
            #expect(index.offsetOrInsert(42, offset: offset) { keys[$0] == key } == nil)
        }
        for (offset, key) in keys.enumerated() {
            #expect(index.offset(of: 42) { keys[$0] == key } == offset)
        }
    }

    @Test func theKeyCacheReturnsTheSameKeyForTheSameBytes() {
        var cache = KeyCache()
        func key(_ text: String) -> TableKey {
            var text = text
            return text.withUTF8 { cache.key(UnsafeRawBufferPointer($0)) }
        }
        let long = "a_key_longer_than_sixteen_bytes"
        #expect(key(long) == TableKey(long))
        #expect(key(long).string == long)
        // Same length, first and last eight bytes as `long`, different middle.
        let sameEdges = "a_key_lXXXXXXXXXXXXXXXXen_bytes"
        #expect(key(sameEdges).string == sameEdges)
        #expect(key(long).string == long)
        for index in 0..<2_000 {
            let text = "k\(index)"
            #expect(key(text).string == text)
        }
        #expect(key("\u{E9}") == key("e\u{301}"))
        #expect(key("\u{E9}").string == "\u{E9}")
        #expect(key("e\u{301}").string == "e\u{301}")
    }
}

extension FingerprintIndexTests {
    @Test func replacePointsTheKeyAtTheNewOffsetAndReportsTheOldOne() {
        var index = FingerprintIndex(minimumCapacity: 1)
        let fingerprint = ExactKey.fingerprint(of: "port")
        #expect(index.replace(fingerprint, offset: 0) { _ in true } == nil)
        #expect(index.replace(fingerprint, offset: 7) { _ in true } == 0)
        #expect(index.offset(of: fingerprint) { _ in true } == 7)
        #expect(index.count == 1)
    }
}
