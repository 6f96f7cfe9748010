import Foundation
import Swinject
import SwinjectInjection
import SwinjectPropertyLoader
import Synchronization
import Testing

/// The `Injector` half of the stress test: eight threads resolve a lazy singleton, factories and
/// services that a writer thread registers through the injector while it also applies property
/// loaders to the injector's container. `Injector` is `Sendable`, so this test shares it between
/// threads without any box or `@unchecked`.
@Suite struct ConcurrencyInjectorStressTests {
    static let readers = 8
    static let duration: Duration = .seconds(2)

    final class Expensive: Sendable {
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func increment() -> Int { value.add(1, ordering: .sequentiallyConsistent).newValue }
        var current: Int { value.load(ordering: .sequentiallyConsistent) }
    }

    /// Failure messages from many threads, kept on a serial queue (which the thread sanitizer sees).
    final class Failures: @unchecked Sendable {
        private let queue = DispatchQueue(label: "failures")
        private var messages: [String] = []
        func record(_ message: String) {
            queue.sync { if messages.count < 20 { messages.append(message) } }
        }
        var all: [String] { queue.sync { messages } }
    }

    @Test func injectorRegistersAndResolvesWhileLoadersApply() throws {
        let injector = Injector(label: "stress")
        let creations = Counter()
        let factoryCalls = Counter()
        let published = Counter()
        let reads = Counter()
        let failures = Failures()
        try injector.register(
            as: Expensive.self,
            injection: .lazySingleton {
                let serial = creations.increment()
                Thread.sleep(forTimeInterval: 0.01)  // widen the window for a second creation
                return Expensive(serial: serial)
            })
        try injector.register(as: Int.self, name: "factory", injection: .factory { factoryCalls.increment() })
        try injector.container.applyPropertyLoader(ConcurrencyStressTests.GenerationLoader(generation: 0))
        let deadline = ContinuousClock.now + Self.duration
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()

        for index in 0..<Self.readers {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                start.wait()
                var singleton: ObjectIdentifier?
                var lastFactoryValue = 0
                var lastGeneration = 0
                while ContinuousClock.now < deadline {
                    _ = reads.increment()
                    do {
                        let expensive = try injector.get(Expensive.self)
                        if singleton == nil { singleton = ObjectIdentifier(expensive) }
                        if singleton != ObjectIdentifier(expensive) { failures.record("a second Expensive instance") }
                        let value = try injector.get(Int.self, name: "factory")
                        if value <= lastFactoryValue {
                            failures.record("factory value \(value) after \(lastFactoryValue)")
                        }
                        lastFactoryValue = value
                        let newest = published.current
                        if newest > 0 {
                            let service = try injector.get(Int.self, name: "service \(newest)")
                            if service != newest { failures.record("service \(newest) resolved to \(service)") }
                        }
                    } catch {
                        failures.record("reader \(index): \(error)")
                        return
                    }
                    let record = injector.container.propertyRecord(for: "mirror")
                    guard let record, case .integer(let generation) = record.value else {
                        failures.record("mirror missing")
                        return
                    }
                    if record.source.name != "generation \(generation)" {
                        failures.record("torn record: \(generation) from \(record.source.name)")
                    }
                    if generation < lastGeneration { failures.record("generation went back to \(generation)") }
                    lastGeneration = Int(generation)
                }
            }
            thread.name = "injector reader \(index)"
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
                    try injector.container.applyPropertyLoader(
                        ConcurrencyStressTests.GenerationLoader(generation: generation))
                    if generation.isMultiple(of: 16) {
                        let value = generation / 16
                        try injector.register(as: Int.self, name: "service \(value)", injection: .singleton(value))
                        _ = published.increment()
                    }
                } catch {
                    failures.record("writer: \(error)")
                    return
                }
            }
            print("injector stress: writer applied \(generation) loaders, registered \(published.current) services")
        }
        writer.name = "injector writer"
        writer.start()

        for _ in 0...Self.readers { start.signal() }
        done.wait()

        print("injector stress: \(reads.current) reader iterations, \(factoryCalls.current) factory calls")
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")
        #expect(creations.current == 1)
        #expect(reads.current > Self.readers)
    }

    struct PortConfig: Sendable {
        let port: Int?
        let missing: String?
        let token: Int?
    }

    /// Registers on the injector from one thread while eight threads resolve a Swinject registration
    /// whose factory reads properties with `r.property` and resolves an `Injection` registration through
    /// its forwarder. Every registration adds a forwarder to the injector's container, which Swinject
    /// configures after storing it; the first property read on the synchronized resolver's container
    /// looks for a store. Neither may change or read a container unsynchronized (run under the thread
    /// sanitizer with no suppression file).
    @Test func registeringWhileFactoriesReadPropertiesIsRaceFree() throws {
        let injector = Injector(label: "properties")
        let failures = Failures()
        let registrations = 1_500
        try injector.register(as: Int.self, name: "token", injection: .factory { 42 })
        injector.container.register(PortConfig.self) { r in
            PortConfig(
                port: r.property("port"), missing: r.property("absent"), token: r.resolve(Int.self, name: "token"))
        }
        try injector.container.applyPropertyLoader(ConcurrencyStressTests.GenerationLoader(generation: 0))
        try injector.container.applyPropertyLoader(PortLoader())
        // No loader: the readers' first `r.property` on its containers races the writer's registrations.
        let bare = Injector(label: "bare")
        bare.container.register(PortConfig.self) { r in
            PortConfig(port: r.property("port"), missing: nil, token: r.resolve(Int.self, name: "token"))
        }
        let writerDone = Atomic<Bool>(false)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()

        for index in 0..<Self.readers {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                start.wait()
                var iterations = 0
                while !writerDone.load(ordering: .acquiring) || iterations < 50 {
                    iterations += 1
                    do {
                        let config = try injector.get(PortConfig.self)
                        if config.port != 8080 || config.missing != nil || config.token != 42 {
                            failures.record("reader \(index): \(config)")
                            return
                        }
                        if let child = injector.makeChild()[PortConfig.self], child.port != 8080 {
                            failures.record("child reader \(index): \(child)")
                        }
                        let unloaded = try bare.get(PortConfig.self)
                        if unloaded.port != nil { failures.record("bare reader \(index): \(unloaded)") }
                    } catch {
                        failures.record("reader \(index): \(error)")
                        return
                    }
                }
            }
            thread.start()
        }
        done.enter()
        Thread {
            defer { done.leave() }
            start.wait()
            for value in 0..<registrations {
                do {
                    try injector.register(as: Int.self, name: "w\(value)", injection: .singleton(value))
                    try bare.register(as: Int.self, name: value == 0 ? "token" : "w\(value)", injection: .singleton(7))
                } catch {
                    failures.record("writer: \(error)")
                }
            }
            writerDone.store(true, ordering: .releasing)
        }.start()

        for _ in 0...Self.readers { start.signal() }
        done.wait()
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")
        #expect(injector.container.resolve(Int.self, name: "w\(registrations - 1)") == registrations - 1)
    }

    struct PortLoader: PropertyBatchLoader {
        func loadBatch() throws -> PropertyBatch {
            PropertyBatch([LoadedProperty(key: "port", value: .integer(8080), source: PropertySource(name: "port"))])
        }
    }
}
