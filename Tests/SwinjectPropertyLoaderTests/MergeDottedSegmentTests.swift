import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// A TOML key segment that contains a dot stays one segment, spelled quoted in flat keys.
@Suite struct MergeDottedSegmentTests {
    /// toml-test `valid/table/names-with-values.toml`, verbatim.
    static let namesWithValues = """
        [a.b.c]
        key = 1

        [a."b.c"]
        key = 2

        [a.'d.e']
        key = 3

        [a.' x ']
        key = 4

        [ d.e.f ]
        key = 5

        [ g . h . i ]
        key = 6

        [ j . "ʞ" . 'l' ]
        key = 7

        [x.1.2]
        key = 8
        """

    @Test func namesWithValuesLoadsAndReadsBack() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: Self.namesWithValues, name: "names.toml"))
        let expected: [(String, Int)] = [
            ("a.b.c.key", 1), (#"a."b.c".key"#, 2), (#"a."d.e".key"#, 3), ("a. x .key", 4), ("d.e.f.key", 5),
            ("g.h.i.key", 6), ("j.ʞ.l.key", 7), ("x.1.2.key", 8),
        ]
        for (key, value) in expected {
            #expect(container.property(key) == value, "\(key)")
        }
        #expect(container.propertyKeys == expected.map(\.0).sorted())
        let a: [String: Any]? = container.property("a")
        #expect(((a?["b.c"] as? [String: Any])?["key"]) as? Int == 2)
        #expect((((a?["b"] as? [String: Any])?["c"] as? [String: Any])?["key"]) as? Int == 1)
        #expect(container.propertySource(for: #"a."b.c".key"#)?.description == "names.toml:5:7")
    }

    /// Variant: the flat keys `loadBatch()` reports, and a JSON file with the same shape.
    @Test func flatKeysQuoteDottedSegmentsInEveryFormat() throws {
        let properties = try TomlPropertyLoader(string: Self.namesWithValues).loadBatch().properties
        #expect(properties.map(\.key).contains(#"a."b.c".key"#))
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"a": {"b.c": {"key": 2}, "b": {"c": {"key": 1}}}}"#))
        #expect(container.property(#"a."b.c".key"#) == 2)
        #expect(container.property("a.b.c.key") == 1)
        // A quote inside a quoted segment is escaped.
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"q": {"say \"hi\".": 3}}"#))
        #expect(container.propertyKeys.contains(#"q."say \"hi\".""#))
        #expect(container.property(#"q."say \"hi\".""#) == 3)
    }

    /// A quote inside a member name, not at its start, is plain text: the JSON member `b"c`
    /// gives the key `a.b"c.d`, which reads back as the segments `a`, `b"c`, `d`.
    @Test func aQuoteInsideAMemberNameNeedsNoQuoting() throws {
        let json = #"{"a": {"b\"c": {"d": 1}, "b": {"c": {"d": 2}}}}"#
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "quote.json"))
        #expect(container.propertyKeys.contains(#"a.b"c.d"#))
        #expect(container.property(#"a.b"c.d"#) == 1)
        #expect(container.property(#"a."b\"c".d"#) == 1)
        #expect(container.property("a.b.c.d") == 2)
        #expect(container.propertySource(for: #"a.b"c.d"#)?.description == "quote.json:1:22")
        let section: [String: Any]? = container.property(#"a.b"c"#)
        #expect(section?["d"] as? Int == 1)
        let deep = Container()
        try deep.applyPropertyLoaders(
            [JsonPropertyLoader(string: json), JsonPropertyLoader(string: #"{"a": {"b\"c": {"e": 3}}}"#)],
            merging: .deep)
        #expect(deep.property(#"a.b"c.d"#) == 1)
        #expect(deep.property(#"a.b"c.e"#) == 3)
    }
}
