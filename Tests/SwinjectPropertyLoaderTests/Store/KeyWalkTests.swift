import Swinject
import SwinjectPropertyLoader
import Testing

/// Every kind of step a key can take on the way to its value, read through `container.property`:
/// tables, array elements, members of tables inside arrays, quoted segments, sections, and keys
/// that stop early or go past a leaf.
@Suite struct KeyWalkTests {
    let container: Container

    init() throws {
        container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"""
                    {
                        "port": 8080,
                        "database": { "primary": { "host": "db1", "port": 5432 } },
                        "servers": [ { "host": "a", "tags": ["x", "y"] }, { "host": "b" } ],
                        "names": { "dotted.name": { "inner": true }, "quoted \"key\"": 3 }
                    }
                    """#, name: "walk.json"))
    }

    @Test func leavesAtEveryDepth() {
        #expect(container.property("port") == 8080)
        #expect(container.property("database.primary.host") == "db1")
        #expect(container.property("database.primary.port") == 5432)
    }

    @Test func stepsIntoArraysAndTheTablesInsideThem() {
        #expect(container.property("servers.1.host") == "b")
        #expect(container.property("servers.0.tags.1") == "y")
        #expect((container.property("servers.0.tags") as [String]?) == ["x", "y"])
        #expect((container.property("servers.2.host") as String?) == nil)
        #expect((container.property("servers.01.host") as String?) == nil)
    }

    @Test func quotedSegmentsNameMembersWithDotsAndEscapes() {
        #expect(container.property(#"names."dotted.name".inner"#) == true)
        #expect(container.property(#"names."quoted \"key\"""#) == 3)
        #expect((container.property("names.dotted.name.inner") as Bool?) == nil)
    }

    @Test func aSectionReadsAsATable() {
        let section: [String: Any]? = container.property("database.primary")
        #expect(section?["host"] as? String == "db1")
        #expect(section?["port"] as? Int == 5432)
    }

    @Test func keysThatMissOrGoPastALeafReadNothing() {
        #expect((container.property("database.replica.host") as String?) == nil)
        #expect((container.property("port.value") as Int?) == nil)
        #expect((container.property("database.primary.host.length") as Int?) == nil)
        #expect((container.property("") as String?) == nil)
    }
}
