import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Repeated reads of one container on one thread are served from what that thread read last;
/// every change a user can make must still be seen by the very next read (public API only).
@Suite struct RepeatedReadTests {
    @Test func aReadAfterAnotherLoaderSeesItsValue() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["port": 1, "host": "a"]))
        #expect(container.property("port") == 1)
        #expect(container.property("port") == 1)
        for port in 2...50 {
            try container.applyPropertyLoader(DictionaryLoader(values: ["port": port]))
            #expect(container.property("port") == port)
            #expect(container.property("host") == "a")
        }
    }

    @Test func aReadAfterAReloadSeesTheFile() throws {
        let file = try makeTemporaryDirectory().appendingPathComponent("config.json")
        try writeAtomically(#"{"port": 1}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        #expect(container.property("port") == 1)
        for port in 2...20 {
            try writeAtomically("{\"port\": \(port)}", to: file)
            try reloader.reload()
            #expect(container.property("port") == port)
        }
    }

    /// Containers made one after another often reuse a freed container's address: each must read
    /// its own properties, never the freed one's.
    @Test func aContainerAtAFreedAddressReadsItsOwnProperties() throws {
        var addresses = Set<ObjectIdentifier>()
        var reused = false
        for port in 0..<300 {
            let container = Container()
            reused = reused || !addresses.insert(ObjectIdentifier(container)).inserted
            try container.applyPropertyLoader(DictionaryLoader(values: ["port": port]))
            #expect(container.property("port") == port)
            let empty = Container()
            #expect((empty.property("port") as Int?) == nil)
        }
        #expect(reused, "no address was reused, so the case this test is for did not happen")
    }

    @Test func readsAlternatingBetweenContainersSeeEachOnesOwn() throws {
        let first = Container()
        let second = Container()
        try first.applyPropertyLoader(DictionaryLoader(values: ["name": "first"]))
        try second.applyPropertyLoader(DictionaryLoader(values: ["name": "second"]))
        for _ in 0..<10 {
            #expect(first.property("name") == "first")
            #expect(second.property("name") == "second")
        }
    }

    /// A child container's properties change when its parent's do, without a change of its own.
    @Test func aChildReadSeesItsParentsLaterLoader() throws {
        let parent = Container()
        try parent.applyPropertyLoader(DictionaryLoader(values: ["port": 1, "host": "parent"]))
        let child = Container(parent: parent)
        try child.applyPropertyLoader(DictionaryLoader(values: ["host": "child"]))
        #expect(child.property("port") == 1)
        try parent.applyPropertyLoader(DictionaryLoader(values: ["port": 2]))
        #expect(child.property("port") == 2)
        #expect(child.property("host") == "child")
    }

    /// A read through a child without a store of its own, then a loader applied to that child:
    /// the next read sees the child's value, not the parent's it read before.
    @Test func aChildThatGetsItsOwnLoaderReadsItNext() throws {
        let parent = Container()
        try parent.applyPropertyLoader(DictionaryLoader(values: ["port": 1]))
        let child = Container(parent: parent)
        let view = try #require(child.synchronize() as? Container)
        #expect(child.property("port") == 1)
        #expect(view.property("port") == 1)
        try child.applyPropertyLoader(DictionaryLoader(values: ["port": 2]))
        #expect(view.property("port") == 2)
        #expect(child.property("port") == 2)
        #expect(parent.property("port") == 1)
    }

    /// Children without stores of their own, made one after another under two parents: each reads
    /// its own parent's properties, whatever address it got.
    @Test func childrenAtFreedAddressesReadTheirOwnParents() throws {
        let parents = [Container(), Container()]
        try parents[0].applyPropertyLoader(DictionaryLoader(values: ["name": "first"]))
        try parents[1].applyPropertyLoader(DictionaryLoader(values: ["name": "second"]))
        let orphanParent = Container()
        for round in 0..<300 {
            let index = round % 3
            let child = Container(parent: index < 2 ? parents[index] : orphanParent)
            let expected: String? = index < 2 ? ["first", "second"][index] : nil
            #expect(child.property("name") == expected)
            #expect(child.synchronize().property("name") == expected)
        }
    }

    /// A read on another thread after a change on this one sees the change.
    @Test func aReadOnAnotherThreadSeesAChangeMadeHere() async throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["port": 1]))
        let reader = ContainerBox(container)
        for port in 2...20 {
            #expect(await Task.detached { reader.container.property("port") as Int? }.value == port - 1)
            try container.applyPropertyLoader(DictionaryLoader(values: ["port": port]))
            #expect(await Task.detached { reader.container.property("port") as Int? }.value == port)
        }
    }
}

/// Hands a container to a detached task; the container is only read there.
private final class ContainerBox: @unchecked Sendable {
    let container: Container
    init(_ container: Container) { self.container = container }
}
