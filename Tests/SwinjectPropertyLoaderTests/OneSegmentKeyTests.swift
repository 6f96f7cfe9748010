import Swinject
import SwinjectPropertyLoader
import Testing

// A top-level member whose key is one segment is set without splitting a path; a dotted or
// quoted key still goes through the path rules.
@Suite struct OneSegmentKeyTests {
    @Test func oneSegmentKeysAndPathsLoadTheSame() throws {
        let loaded = try JsonPropertyLoader(
            string: #"{"a": 1, "b.c": 2, "\"d.e\"": 3, "f\"g": 4, "h": {"i": 5}}"#
        ).loadBatch().properties
        #expect(loaded.map(\.key) == ["a", "b.c", "\"d.e\"", "f\"g", "h"])
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"a": 1, "b.c": 2, "\"d.e\"": 3, "f\"g": 4, "h": {"i": 5}}"#))
        #expect(container.property("a") == 1)
        #expect(container.property("b.c") == 2)
        #expect(container.property("\"d.e\"") == 3)
        #expect(container.property("f\"g") == 4)
        #expect(container.property("h.i") == 5)
    }
}
