import Foundation
import Swinject
import SwinjectInjection
import SwinjectKitTesting
import Synchronization
import Testing

/// Eight threads run a seeded random mix of registering, unregistering, resolving, overriding and
/// reading lazy singletons on one injector, checking after each read that the service has the
/// requested type and the tag of a registration made for that key, and at the end that no lazy
/// singleton was created twice. The work is bounded by operation counts; run it under the thread
/// sanitizer (no suppression file) to find races, and under the address sanitizer for type confusion.
@Suite struct ConcurrencyInjectorRandomizedStressTests {
    static let threads = 8
    static let operationsPerThread = 1_500

    class Shape: @unchecked Sendable {
        let tag: Int
        required init(tag: Int) { self.tag = tag }
        class var kind: Int { 0 }
    }

    final class Circle: Shape, @unchecked Sendable {
        let radius = [Int](repeating: 1, count: 8)
        override class var kind: Int { 1 }
    }

    final class Square: Shape, @unchecked Sendable {
        override class var kind: Int { 2 }
    }

    /// Counts how often one lazy registration's factory ran.
    final class CreationCount: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Every lazy registration's counter, to check exactly-once creation at the end.
    final class Ledger: @unchecked Sendable {
        private let queue = DispatchQueue(label: "ledger")
        private var counters: [CreationCount] = []
        func add(_ counter: CreationCount) { queue.sync { counters.append(counter) } }
        var overCreated: Int { queue.sync { counters.filter { $0.value.load(ordering: .acquiring) > 1 }.count } }
        var count: Int { queue.sync { counters.count } }
    }

    static let names = ["a", "b", "c", "d"]

    /// Registers a random kind of injection of `Service` under `name`; its instances carry `tag`.
    static func registerRandom<Service: Shape>(
        _ type: Service.Type,
        name: String,
        tag: Int,
        on injector: Injector,
        ledger: Ledger,
        random: inout RandomSource
    ) throws {
        let make: @Sendable () -> Service = { Service(tag: tag) }
        switch random.int(0...3) {
        case 0: try injector.register(as: type, name: name, injection: .singleton(make()))
        case 1: try injector.register(as: type, name: name, injection: .factory(make))
        default:
            let counter = CreationCount()
            ledger.add(counter)
            try injector.register(
                as: type, name: name,
                injection: .lazySingleton {
                    counter.value.add(1, ordering: .acquiringAndReleasing)
                    return make()
                })
        }
    }

    /// Checks a resolved service: the requested type, and a tag some thread registered for the key
    /// (tags encode the key: `kind * 100 + name index`, plus a multiple of 1000).
    static func check<Service: Shape>(_ service: Service?, _ type: Service.Type, name: Int) -> String? {
        guard let service else { return nil }
        if Swift.type(of: service) != type { return "asked for \(type), got \(Swift.type(of: service))" }
        let key = service.tag % 1000
        if key != Service.kind * 100 + name { return "\(type) \(names[name]) has the tag \(service.tag)" }
        return nil
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomOperationsKeepTypesAndCreateLazySingletonsOnce(seed: UInt64) throws {
        let injector = Injector(label: "random \(seed)", allowsRewrite: true)
        let ledger = Ledger()
        let failures = ConcurrencyInjectorStressTests.Failures()
        // Services Swinject provides, resolved through the injector and reaching forwarders.
        injector.container.register(Square.self, name: "swinject") { r in
            let circle = r.resolve(Circle.self, name: "a")
            return Square(tag: Square.kind * 100 + 4 + (circle == nil ? 0 : 1000))
        }
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<Self.threads {
            done.enter()
            Thread {
                defer { done.leave() }
                start.wait()
                var random = RandomSource(seed: seed &* 1_000 &+ UInt64(index))
                for operation in 0..<Self.operationsPerThread {
                    let name = random.int(0...Self.names.count - 1)
                    let key = Self.names[name]
                    let tag = (operation + 1) * 1000 + name
                    var problem: String?
                    do {
                        switch random.int(0...9) {
                        case 0:
                            try Self.registerRandom(
                                Circle.self, name: key, tag: tag + 100, on: injector, ledger: ledger, random: &random)
                        case 1:
                            try Self.registerRandom(
                                Square.self, name: key, tag: tag + 200, on: injector, ledger: ledger, random: &random)
                        case 2:
                            // The metatype value is a subclass; the registration is the static type's.
                            let type: Shape.Type = random.chance(0.5) ? Circle.self : Square.self
                            try injector.register(as: type, name: key, injection: .singleton(Shape(tag: tag)))
                        case 3:
                            if random.chance(0.5) {
                                injector.removeRegistration(of: Circle.self, name: key)
                            } else {
                                injector.removeRegistration(of: Square.self, name: key)
                            }
                        case 4:
                            problem = Self.check(injector[Shape.self, name: key], Shape.self, name: name)
                        case 5:
                            let square = injector[Square.self, name: "swinject"]
                            if let square, square.tag % 1000 != 204 { problem = "swinject square \(square.tag)" }
                        case 6:
                            let override = Circle(tag: 100 + name)
                            problem = try withOverrides(
                                .injector(injector) { scope in
                                    try scope.register(as: Circle.self, name: key, injection: .singleton(override))
                                }
                            ) {
                                injector[Circle.self, name: key] === override ? nil : "override not seen"
                            }
                        default:
                            problem =
                                Self.check(injector[Circle.self, name: key], Circle.self, name: name)
                                ?? Self.check(injector[Square.self, name: key], Square.self, name: name)
                        }
                    } catch {
                        problem = "\(error)"
                    }
                    if let problem {
                        failures.record("thread \(index), operation \(operation): \(problem)")
                        return
                    }
                }
            }.start()
        }
        for _ in 0..<Self.threads { start.signal() }
        done.wait()
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")
        #expect(ledger.count > 0)
        #expect(ledger.overCreated == 0)
    }
}
