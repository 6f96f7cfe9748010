import Swinject
import SwinjectPropertyLoader
import Testing

/// A thread remembers its last read outside any factory so that a loop reading one key records
/// it once. Containers freed and made again reuse addresses: each new container must still list
/// its own read.
@Suite struct OutsideReadCacheTests {
    @Test func aNewContainerAtAFreedContainersAddressRecordsItsRead() throws {
        var identities = Set<ObjectIdentifier>()
        var reused = false
        for round in 0..<200 {
            let container = Container()
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "round.json"))
            reused = reused || !identities.insert(ObjectIdentifier(container)).inserted
            let port: Int? = container.property("port")
            #expect(port == 8080)
            let readers = container.propertyUsage.readers(of: "port")
            #expect(readers.map(\.registration) == [nil], "round \(round)")
            #expect(container.propertyUsage.unreadKeys.isEmpty, "round \(round)")
        }
        // The case under test happened: some container took a freed one's address.
        #expect(reused)
    }

    @Test func aChildContainerAtAFreedChildsAddressRecordsItsRead() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"a": 1, "b": 2}"#, name: "parent.json"))
        for round in 0..<100 {
            let key = round.isMultiple(of: 2) ? "a" : "b"
            let child = Container(parent: parent)
            try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"c": 3}"#, name: "child.json"))
            let value: Int? = child.property(key)
            #expect(value != nil)
            #expect(child.propertyUsage.readers(of: key).map(\.registration) == [nil], "round \(round)")
        }
    }

    @Test func repeatedReadsOfOneKeyListOneReader() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "app.json"))
        for _ in 0..<1_000 {
            let _: Int? = container.property("port")
        }
        #expect(container.propertyUsage.readers(of: "port").count == 1)
    }
}
