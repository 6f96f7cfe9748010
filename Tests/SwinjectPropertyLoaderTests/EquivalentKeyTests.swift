import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Property keys compare as `String`s do: canonically equivalent spellings are one key.
@Suite struct EquivalentKeyTests {
    @Test func aPropertyIsFoundUnderAnyCanonicallyEquivalentSpelling() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "caf\u0065\u0301": 1, "\u212Aelvin": 2 }"#))
        #expect(container.property("caf\u{E9}") as Int? == 1)
        #expect(container.property("Kelvin") as Int? == 2)
        #expect(container.property("kelvin") as Int? == nil)
    }

    @Test func aLaterLoaderReplacesAnEquivalentSpelling() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "caf\u00e9": "first" }"#))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "cafe\u0301": "second" }"#))
        #expect(container.property("caf\u{E9}") as String? == "second")
        #expect(container.propertyKeys.count == 1)
    }

    @Test func withinOneTableTheLaterSpellingAnswersEveryWayItIsRead() throws {
        // The JSON parser rejects two such spellings in one object; a custom loader can hand both.
        let nested = PropertyTable([
            .init(key: "caf\u{E9}", node: PropertyNode(.integer(3))),
            .init(key: "cafe\u{301}", node: PropertyNode(.integer(4))),
        ])
        let container = Container()
        try container.applyPropertyLoader(
            ValuesLoader([("caf\u{E9}", .integer(1)), ("cafe\u{301}", .integer(2)), ("t", .table(nested))]))
        #expect(container.property("caf\u{E9}") as Int? == 2)
        #expect(container.property("t.caf\u{E9}") as Int? == 4)
        #expect(container.property("t.cafe\u{301}") as Int? == 4)
        let section: [String: Any]? = container.property("t")
        #expect(section?["caf\u{E9}"] as? Int == 4)
        #expect(container.propertyKeys.count == 2)
    }
}
