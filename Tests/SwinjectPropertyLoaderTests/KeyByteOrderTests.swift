import Testing

@testable import SwinjectPropertyLoader

/// The order unordered formats (property lists, plain dictionaries) give their keys: by UTF-8
/// bytes, stable, on both the small-table and the large-table path.
@Suite struct KeyByteOrderTests {
    /// The reference: a stable sort by the keys' byte arrays.
    private func referenceOrder(_ keys: [String]) -> [Int] {
        keys.indices.sorted { lhs, rhs in
            let left = Array(keys[lhs].utf8)
            let right = Array(keys[rhs].utf8)
            return left.lexicographicallyPrecedes(right) || (left == right && lhs < rhs)
        }
    }

    /// Keys built to defeat the 24-byte prefix: long shared prefixes, keys that are prefixes of
    /// others, embedded NUL bytes, non-ASCII bytes, and repeats.
    private func trickyKeys(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let stems = [
            "", "a", "deployment_region", "deployment_regio", "request_timeout_", "é", "a\u{0}b", "zz",
            "connection_pool_settings_", "connection_pool_settings",
        ]
        let tails = ["", "0", "1", "10", "_", "\u{0}", "ü", "~", "deployment_region"]
        return (0..<count).map { _ in stems[next(stems.count)] + tails[next(tails.count)] + tails[next(tails.count)] }
    }

    @Test(arguments: [0, 1, 2, 3, 17, KeyByteOrder.insertionSortLimit, KeyByteOrder.insertionSortLimit + 1, 500])
    func ordersLikeAStableSortOfTheBytes(count: Int) {
        for seed in UInt64(1)...20 {
            let keys = trickyKeys(count: count, seed: seed)
            #expect(KeyByteOrder.offsets(of: keys) == referenceOrder(keys), "seed \(seed), keys \(keys)")
        }
    }

    @Test func bytesOrderDiffersFromStringOrderOnlyWhereStringsDo() {
        // "é" as one scalar (C3 A9) sorts after "z" by bytes, as String's own order puts it.
        let keys = ["z", "\u{E9}", "e", "E"]
        #expect(KeyByteOrder.offsets(of: keys).map { keys[$0] } == ["E", "e", "z", "\u{E9}"])
        #expect(keys.sorted() == ["E", "e", "z", "\u{E9}"])
    }
}

/// A custom loader's dictionary is ordered as property lists are: by key bytes, at the top level
/// and in nested dictionaries. `String`'s order would put the KELVIN SIGN key (bytes E2 84 AA)
/// before "L", because it compares the normalized "K".
@Suite struct CustomLoaderKeyOrderTests {
    struct Loader: PropertyLoader {
        func load() throws -> [String: Any] {
            ["\u{212A}elvin": 1, "L": 2, "a": ["\u{212A}elvin": 3, "L": 4] as [String: Any]]
        }
    }

    @Test func keysAreOrderedByTheirBytesAtEveryLevel() throws {
        let properties = try Loader().propertyBatch().properties
        #expect(properties.map(\.key) == ["L", "a", "\u{212A}elvin"])
        let nested = try #require(properties.first { $0.key == "a" })
        guard case .table(let table) = nested.value else {
            Issue.record("a is \(nested.value.kindName), expected a table")
            return
        }
        #expect(table.entries.map(\.key) == ["L", "\u{212A}elvin"])
        #expect(["\u{212A}elvin", "L"].sorted() == ["\u{212A}elvin", "L"])
    }
}
