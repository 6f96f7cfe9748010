import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Reads while another thread registers or applies: a read changes a container only to install
/// usage tracking, once, and reads during applies see whole snapshots. Named `Concurrency…` so
/// `Scripts/tsan.sh` runs it under the thread sanitizer.
@Suite struct ConcurrencyStoreReadTests {
    /// Swinject keeps a container's behaviors in an internal array; `Mirror` counts them.
    static func behaviorCount(_ container: Container) -> Int {
        for child in Mirror(reflecting: container).children where child.label == "behaviors" {
            return (child.value as? [Any])?.count ?? -1
        }
        return -1
    }

    final class Shared: @unchecked Sendable {
        // Swinject's `Container` is not Sendable; below, one task registers or applies and the
        // others only read properties, which is documented thread-safe.
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    /// A read never changes a container that holds no properties; through one that does, the
    /// first read installs usage tracking once (one behavior on each container of the lineage
    /// that holds properties), and later reads add nothing.
    @Test func readsInstallTrackingOnceAndOnlyWhereThereAreProperties() throws {
        let plain = Container()
        #expect(plain.property("missing") as Int? == nil)
        #expect(plain.propertyKeys.isEmpty)
        #expect(Self.behaviorCount(plain) == 0)

        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"name": "p"}"#))
        #expect(Self.behaviorCount(parent) == 0, "applying a loader touches nothing of Swinject's")
        let child = Container(parent: parent)
        #expect(child.property("name") == "p")
        #expect(child.propertySource(for: "name")?.name == "<string>")
        #expect(child.property("name") == "p")
        #expect(Self.behaviorCount(child) == 0)
        #expect(Self.behaviorCount(parent) == 1)
    }

    /// Variant: reads inside factories resolved through a synchronized resolver install it under
    /// Swinject's lock, once.
    @Test func factoryReadsThroughASynchronizedResolverInstallTrackingOnce() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#))
        container.register(Int.self) { r in r.property("port") ?? -1 }
        #expect(Self.behaviorCount(container) == 0)
        let resolver = container.synchronize()
        #expect(resolver.resolve(Int.self) == 8080)
        #expect(resolver.resolve(Int.self) == 8080)
        #expect(Self.behaviorCount(container) == 1)
        #expect(container.propertyUsage.readers(of: "port").compactMap(\.registration).count == 1)
    }

    /// First reads on a container that another thread registers on: under the thread
    /// sanitizer any mutation of the container by a read is reported.
    @Test func firstReadsWhileAnotherThreadRegisters() async throws {
        for _ in 0..<20 {
            let parent = Container()
            try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 1}"#))
            let shared = Shared(Container(parent: parent))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for index in 0..<200 {
                        shared.container.register(String.self, name: "s\(index)") { _ in "x" }
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<200 {
                            #expect(shared.container.property("port") == 1)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(Self.behaviorCount(shared.container) == 0)
        }
    }

    /// Readers during applies see one loader's keys together: a section read once holds `a`
    /// and `b` of the same loader, and generations never go backwards on one reader.
    @Test func readsDuringAppliesSeeWholeSnapshots() async throws {
        let parent = Container()
        let shared = Shared(Container(parent: parent))
        try shared.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"gen": {"a": 0, "b": 0}}"#))
        let parentShared = Shared(parent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for generation in 1...150 {
                    let text = #"{"gen": {"a": \#(generation), "b": \#(generation)}}"#
                    try shared.container.applyPropertyLoader(JsonPropertyLoader(string: text))
                    try parentShared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: #"{"parent": \#(generation)}"#))
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    var last = 0
                    for _ in 0..<400 {
                        let section: [String: Int]? = shared.container.property("gen")
                        let a = section?["a"] ?? -1
                        #expect(a == section?["b"])
                        #expect(a >= last)
                        last = a
                        _ = shared.container.propertyKeys
                        _ = shared.container.propertyRecord(for: "gen.a")
                        _ = shared.container.property("parent") as Int?
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(shared.container.property("gen.a") == 150)
        #expect(shared.container.property("parent") == 150)
    }
}
