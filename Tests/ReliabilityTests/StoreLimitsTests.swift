import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

/// Key depth and section size from input never cost more than linear time and memory, and a
/// key deeper than ``ParseLimits/maxKeySegments`` is refused with a parse error instead of
/// overflowing the stack (issue 19, high #3 and #4, medium #7). Each size here would take
/// gigabytes or minutes if a lookup copied key prefixes or a section were built quadratically.
@Suite struct StoreLimitsTests {
    static func dottedKey(segments: Int, segment: String = "a") -> String {
        Array(repeating: segment, count: segments).joined(separator: ".")
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    // MARK: - High #4: a key of 20,000 segments

    @Test func twentyThousandSegmentsAreRefusedWithTheKeyAndLimit() throws {
        let key = Self.dottedKey(segments: 20_000)
        let container = Container()
        let error = try #require(throws: PropertyLoaderError.self) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: try Self.json([key: 1]), name: "deep.json"))
        }
        #expect(error.code == .malformedContent)
        #expect(error.parseError?.code == .nestingTooDeep)
        #expect(error.description.hasPrefix("deep.json:1:"))
        #expect(error.description.contains("20000 or more key segments"))
        #expect(error.description.contains("limit of 128 (ParseLimits.maxKeySegments)"))
        #expect(container.propertyKeys.isEmpty)
        // Every read path of the would-be section answers without a crash.
        let section: [String: Any]? = container.property("a")
        #expect(section == nil)
        #expect(throws: PropertyError.missingKey) { try container.requiredProperty("a", as: [String: Int].self) }
    }

    /// Variant: a custom loader and a property list, which have no parser depth of their own.
    @Test func customAndPlistKeysAreBoundToo() throws {
        let key = Self.dottedKey(segments: 20_000)
        let container = Container()
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(StoreDictionaryLoader(values: [key: 1, "ok": 2]))
        }
        let plist = "<plist><dict><key>\(key)</key><integer>1</integer></dict></plist>"
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(PlistPropertyLoader(string: plist))
        }
        #expect(container.propertyKeys.isEmpty)
    }

    /// The limit counts table nesting too, and every read path works right at it.
    @Test func theLimitCountsNestedTablesAndHoldsExactly() throws {
        let limits = ParseLimits(maxKeySegments: 4)
        let container = Container()
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"a.b": {"c": {"d": {"e": 1}}}}"#, options: .init(limits: limits)))
        }
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(
                TomlPropertyLoader(string: "a.b.c.d.e = 1", options: .init(limits: limits)))
        }
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"a.b": {"c": {"d": 1}}}"#, options: .init(limits: limits)))
        #expect(container.property("a.b.c.d") == 1)

        let atDefault = Self.dottedKey(segments: 128)
        try container.applyPropertyLoader(JsonPropertyLoader(string: try Self.json([atDefault: 7])))
        #expect(container.property(atDefault) == 7)
        let section: [String: Any]? = container.property("a.a")
        #expect(section != nil)
        /// `{"a": {"a": … 7}}`, decoded level by level.
        final class Nested: Decodable {
            let inner: Nested?
            let value: Int?
            enum Key: CodingKey { case a }
            init(from decoder: any Decoder) throws {
                if let leaf = try? decoder.singleValueContainer().decode(Int.self) {
                    (inner, value) = (nil, leaf)
                } else {
                    (inner, value) = (try decoder.container(keyedBy: Key.self).decode(Nested.self, forKey: .a), nil)
                }
            }
        }
        #expect((container.property("a.a") as Nested?) != nil)
        #expect((try container.requiredProperty("a.a", as: [String: Any].self)).count == 1)
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: try Self.json([Self.dottedKey(segments: 129): 7])))
        }
    }

    // MARK: - High #3: one 80 KB dotted key

    /// The reported case: at the default limit it is refused at once.
    @Test func anEightyKilobyteDottedKeyIsRefusedAtTheDefaultLimit() throws {
        let key = Self.dottedKey(segments: 40_000)
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"unrelated": 1}"#))
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: try Self.json([key: 1])))
        }
        #expect(container.property("unrelated") == 1)
        #expect(container.property("missing") as Int? == nil)
    }

    /// Variant: with the limit raised, the key loads and lookups that miss cost nothing like
    /// the sum of its prefixes (which is 1.6 GB).
    @Test func anEightyKilobyteDottedKeyUnderARaisedLimitReadsInLinearTime() throws {
        let key = Self.dottedKey(segments: 40_000)
        let limits = ParseLimits(maxKeySegments: 50_000)
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: try Self.json([key: 1, "unrelated": 2]), options: .init(limits: limits)))
        for _ in 0..<100 {
            #expect(container.property("unrelated") == 2)
            #expect(container.property("missing.key") as Int? == nil)
        }
        #expect(container.property(key) == 1)
        #expect(container.property(key + ".a") as Int? == nil)
        #expect(container.propertyKeys.count == 2)
    }

    /// Variant: a long key of few long segments, from a custom loader.
    @Test func longSegmentsCostTheirBytesOnly() throws {
        let segment = String(repeating: "s", count: 8_000)
        let key = Self.dottedKey(segments: 100, segment: segment)
        let container = Container()
        try container.applyPropertyLoader(StoreDictionaryLoader(values: [key: 1, "b": 2]))
        for _ in 0..<1_000 { #expect(container.property("b") == 2) }
        #expect(container.property(key) == 1)
        #expect(container.propertySource(for: key)?.name == "StoreDictionaryLoader")
    }

    // MARK: - Medium #7: a section of 40,000 members

    @Test func aSectionOfFortyThousandFlatKeysIsLinear() throws {
        var values: [String: Any] = [:]
        for index in 0..<40_000 { values["s.k\(index).x"] = index }
        let container = Container()
        try container.applyPropertyLoader(StoreDictionaryLoader(values: values))
        for _ in 0..<20 {
            let section: [String: Any]? = container.property("s")
            #expect(section?.count == 40_000)
        }
        #expect(container.property("s.k39999.x") == 39_999)
        let typed: [String: [String: Int]]? = container.property("s")
        #expect(typed?["k123"]?["x"] == 123)
    }

    /// Variant: the same shape from TOML tables, read as `Decodable` and through `requiredProperty`,
    /// then one leaf changed by a later loader (which copies only the tables on its path).
    @Test func aTomlSectionOfManyTablesIsLinearToo() throws {
        var text = ""
        for index in 0..<40_000 { text += "[s.k\(index)]\nx = \(index)\n" }
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: text, name: "many.toml"))
        struct Member: Decodable { let x: Int }
        for _ in 0..<2 {
            let members: [String: Member]? = container.property("s")
            #expect(members?.count == 40_000)
        }
        let required = try container.requiredProperty("s", as: [String: [String: Int]].self)
        #expect(required["k7"]?["x"] == 7)
        for index in 0..<200 {
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"s.k\#(index).x": -1}"#))
        }
        #expect(container.property("s.k199.x") == -1)
        #expect(container.property("s.k200.x") == 200)
        #expect(container.propertyKeys.count == 40_000)
    }
}

/// A loader written as a user writes one: only `load()`.
struct StoreDictionaryLoader: PropertyLoader {
    let values: [String: Any]
    func load() throws -> [String: Any] { values }
}
