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

    final class Failures: Sendable {
        private let messages = Mutex<[String]>([])
        func record(_ message: String) {
            messages.withLock { if $0.count < 20 { $0.append(message) } }
        }
        var all: [String] { messages.withLock { $0 } }
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
}
