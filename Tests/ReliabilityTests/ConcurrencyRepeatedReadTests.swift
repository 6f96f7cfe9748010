import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Each thread serves repeated reads of a container from what it read last. Named
/// `Concurrency…` so `Scripts/tsan.sh` runs it under the thread sanitizer: readers on several
/// threads, a writer applying loaders, and containers freed and made again at the same time.
@Suite struct ConcurrencyRepeatedReadTests {
    final class Shared: @unchecked Sendable {
        // One task applies loaders; the others only read properties, which is documented
        // thread-safe.
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    /// Readers see the values in the order they were applied, and once the writer is done every
    /// reader sees its last value.
    @Test func readersFollowAWriterAndEndOnItsLastValue() async throws {
        let shared = Shared(Container())
        try shared.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"version": 0, "name": "app"}"#))
        let versions = 200
        let readers = 4
        let lastSeen = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for version in 1...versions {
                    try shared.container.applyPropertyLoader(
                        JsonPropertyLoader(string: "{\"version\": \(version)}"))
                }
                return versions
            }
            for _ in 0..<readers {
                group.addTask {
                    var previous = 0
                    while previous < versions {
                        let version: Int = shared.container.property("version") ?? -1
                        #expect(version >= previous, "a read went back from \(previous) to \(version)")
                        #expect(shared.container.property("name") == "app")
                        previous = max(previous, version)
                        await Task.yield()
                    }
                    return previous
                }
            }
            var seen: [Int] = []
            for try await last in group { seen.append(last) }
            return seen
        }
        #expect(lastSeen == Array(repeating: versions, count: readers + 1))
    }

    /// Threads that each make, read and free their own containers never read another's values,
    /// though freed containers' addresses are reused across threads.
    @Test func containersMadeAndFreedOnManyThreadsReadTheirOwn() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<200 {
                        let value = worker * 1_000 + round
                        let container = Container()
                        try container.applyPropertyLoader(JsonPropertyLoader(string: "{\"owner\": \(value)}"))
                        #expect(container.property("owner") == value)
                        #expect(container.property("owner") == value)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Readers read through a synchronized view of a child that has no store while the writer
    /// applies loaders to the parent and then gives the child a loader of its own: reads follow
    /// the parent's values, then switch to the child's and stay there.
    @Test func readersThroughAChildSeeTheChildsLoaderOnceApplied() async throws {
        let parent = Shared(Container())
        try parent.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"version": 0}"#))
        let child = Shared(Container(parent: parent.container))
        let versions = 200
        let childVersion = 1_000
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for version in 1...versions {
                    try parent.container.applyPropertyLoader(JsonPropertyLoader(string: "{\"version\": \(version)}"))
                }
                try child.container.applyPropertyLoader(JsonPropertyLoader(string: "{\"version\": \(childVersion)}"))
            }
            for _ in 0..<3 {
                group.addTask {
                    let view = child.container.synchronize()
                    var previous = 0
                    while previous != childVersion {
                        let version: Int = view.property("version") ?? -1
                        #expect(version >= previous, "a read went back from \(previous) to \(version)")
                        #expect(version <= versions || version == childVersion)
                        previous = max(previous, version)
                        await Task.yield()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(child.container.synchronize().property("version") == childVersion)
    }
}
