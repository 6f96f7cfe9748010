import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Dot-path array indices are canonical non-negative decimals (issue 19, low).
@Suite struct StoreArrayIndexTests {
    @Test func onlyCanonicalIndicesReachArrayElements() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"list": [10, 20, 30]}"#))
        #expect(container.property("list.0") == 10)
        #expect(container.property("list.1") == 20)
        for key in ["list.+1", "list.01", "list.-0", "list.-1", "list.1 ", "list. 1", "list.1e0", "list.", "list.3"] {
            #expect(container.property(key) as Int? == nil, "\(key)")
            #expect(container.propertyRecord(for: key) == nil, "\(key)")
        }
        #expect(container.property("list.99999999999999999999999") as Int? == nil)
    }

    /// Variant: arrays of tables from TOML, read through `requiredProperty` and a section.
    @Test func arraysOfTablesTakeOnlyCanonicalIndices() throws {
        let container = Container()
        try container.applyPropertyLoader(
            TomlPropertyLoader(string: "[[servers]]\nport = 1\n[[servers]]\nport = 2\n", name: "s.toml"))
        #expect(try container.requiredProperty("servers.1.port", as: Int.self) == 2)
        #expect(container.propertySource(for: "servers.1.port")?.description == "s.toml:4:8")
        #expect(throws: PropertyError.missingKey) { try container.requiredProperty("servers.01.port", as: Int.self) }
        #expect(throws: PropertyError.missingKey) { try container.requiredProperty("servers.+1.port", as: Int.self) }
        let second: [String: Any]? = container.property("servers.-0")
        #expect(second == nil)
    }
}
