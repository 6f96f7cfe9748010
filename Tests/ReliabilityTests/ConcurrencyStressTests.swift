import Foundation
import Swinject
import SwinjectPropertyLoader
import Synchronization
import Testing

/// Eight reader threads resolve services and read properties while a writer thread applies new
/// loaders and registers services. Run under `swift test --sanitize=thread` in CI
/// (`Scripts/tsan.sh`), where any data race fails the run.
///
/// Every loader sets `gen.a`, `gen.b` and `mirror` to its generation number, with a source that
/// names the same number, so a reader can tell a whole generation from a torn one:
/// - one record's value and source always agree;
/// - `gen.a` read before `gen.b` is never newer than it (a loader's keys appear together);
/// - the section `gen` is read under one lock, so its `a` and `b` are equal;
/// - generations never go backwards on one thread.
@Suite struct ConcurrencyStressTests {
    static let readers = 8
    static let duration: Duration = .seconds(2)

    /// Swinject's `Container` is not `Sendable`; its synchronized resolvers and its registry are
    /// safe to use from several threads, which is what this test checks. User code goes through
    /// `Injector` instead of a box like this one.
    final class SharedContainer: @unchecked Sendable {
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    final class Leaf {}
    final class Root {
        let left: Leaf
        let right: Leaf
        init(left: Leaf, right: Leaf) {
            self.left = left
            self.right = right
        }
    }
    final class Expensive {
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }
    struct Snapshot {
        let a: Int?
        let b: Int?
    }

    /// Sets `gen.a`, `gen.b` and `mirror` to one generation, with a source naming it.
    struct GenerationLoader: PropertyBatchLoader {
        let generation: Int
        func loadBatch() throws -> PropertyBatch {
            let source = PropertySource(name: "generation \(generation)")
            return PropertyBatch(
                ["gen.a", "gen.b", "mirror"].map {
                    LoadedProperty(key: $0, value: .integer(Int64(generation)), source: source)
                })
        }
    }

    final class Failures: Sendable {
        private let messages = Mutex<[String]>([])
        func record(_ message: String) {
            messages.withLock { if $0.count < 20 { $0.append(message) } }
        }
        var all: [String] { messages.withLock { $0 } }
    }

    @Test func readersSeeWholeGenerationsWhileLoadersApplyAndServicesRegister() throws {
        let container = Container()
        let creations = Atomic<Int>(0)
        let published = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        let failures = Failures()
        try container.applyPropertyLoader(GenerationLoader(generation: 0))
        container.register(Snapshot.self) { r in Snapshot(a: r.property("gen.a"), b: r.property("gen.b")) }
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Root.self) { r in Root(left: r.resolve(Leaf.self)!, right: r.resolve(Leaf.self)!) }
        container.register(Expensive.self) { _ in
            let serial = creations.add(1, ordering: .sequentiallyConsistent).newValue
            Thread.sleep(forTimeInterval: 0.01)  // widen the window in which a second creation could start
            return Expensive(serial: serial)
        }.inObjectScope(.container)
        let shared = SharedContainer(container)
        let deadline = ContinuousClock.now + Self.duration
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()

        for index in 0..<Self.readers {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                start.wait()
                let resolver = shared.container.synchronize()
                let child = Container(parent: shared.container)
                var lastGeneration = 0
                var singleton: ObjectIdentifier?
                while ContinuousClock.now < deadline {
                    reads.add(1, ordering: .relaxed)
                    // Lazy singleton: the same instance everywhere.
                    guard let expensive = resolver.resolve(Expensive.self) else {
                        failures.record("Expensive did not resolve")
                        return
                    }
                    if singleton == nil { singleton = ObjectIdentifier(expensive) }
                    if singleton != ObjectIdentifier(expensive) { failures.record("a second Expensive instance") }
                    // Graph scope: one Leaf per resolution graph.
                    if let root = resolver.resolve(Root.self), root.left !== root.right {
                        failures.record("graph scope gave two Leaf instances in one graph")
                    }
                    // Properties read inside a factory, through the synchronized resolver.
                    if let snapshot = resolver.resolve(Snapshot.self) {
                        guard let a = snapshot.a, let b = snapshot.b else {
                            failures.record("gen.a or gen.b missing")
                            return
                        }
                        if a > b { failures.record("gen.a \(a) is newer than gen.b \(b), read after it") }
                        if a < lastGeneration { failures.record("generation went back from \(lastGeneration) to \(a)") }
                        lastGeneration = max(lastGeneration, a)
                    }
                    // One record: value and source agree.
                    let viewer = index.isMultiple(of: 2) ? child : shared.container
                    if let record = viewer.propertyRecord(for: "mirror"), case .integer(let value) = record.value {
                        if record.source.name != "generation \(value)" {
                            failures.record("torn record: \(value) from \(record.source.name)")
                        }
                    } else {
                        failures.record("mirror missing or not an integer")
                    }
                    // A section is one snapshot of the layer.
                    if let section: [String: Int] = viewer.property("gen"), section["a"] != section["b"] {
                        failures.record("torn section: \(section)")
                    }
                    // Services registered by the writer resolve to what was registered.
                    let newest = published.load(ordering: .acquiring)
                    if newest > 0, resolver.resolve(Int.self, name: "service \(newest)") != newest {
                        failures.record("service \(newest) did not resolve to its value")
                    }
                }
            }
            thread.name = "reader \(index)"
            thread.start()
        }

        done.enter()
        let writer = Thread {
            defer { done.leave() }
            start.wait()
            var generation = 0
            while ContinuousClock.now < deadline {
                generation += 1
                do {
                    try shared.container.applyPropertyLoader(GenerationLoader(generation: generation))
                } catch {
                    failures.record("loader failed: \(error)")
                }
                if generation.isMultiple(of: 16) {
                    let value = generation
                    shared.container.register(Int.self, name: "service \(value)") { _ in value }
                    published.store(value, ordering: .releasing)
                }
            }
            print("stress: writer applied \(generation) loaders")
        }
        writer.name = "writer"
        writer.start()

        for _ in 0...Self.readers { start.signal() }
        done.wait()

        print("stress: \(reads.load(ordering: .relaxed)) reader iterations")
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")
        #expect(creations.load(ordering: .sequentiallyConsistent) == 1)
        #expect(reads.load(ordering: .relaxed) > Self.readers)
    }
}

/// Races on purpose when `SWINJECTKIT_DELIBERATE_RACE=1`, so that `Scripts/tsan.sh` can prove
/// the thread sanitizer is active: the run must then report a data race.
@Suite struct DeliberateRaceTests {
    final class Unsafe: @unchecked Sendable {
        var counter = 0
    }

    @Test func concurrencyDeliberateRaceWhenAsked() {
        guard ProcessInfo.processInfo.environment["SWINJECTKIT_DELIBERATE_RACE"] == "1" else { return }
        let shared = Unsafe()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<1000 { shared.counter += 1 }
                group.leave()
            }.start()
        }
        group.wait()
        print("deliberately raced: counter \(shared.counter)")
    }
}
