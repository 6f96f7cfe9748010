import Foundation
import Swinject
import SwinjectInjection
import Testing

/// Two injectors whose lazy singletons depend on each other's, created from two threads at once.
///
/// Each factory waits (a bounded time) for the other thread to be inside the other injector's factory
/// before asking that injector for its dependency, which is the interleaving in which a lock per
/// injector deadlocks: each thread holds its own injector's lock and waits for the other's. The test
/// waits for both threads with a timeout and reports a deadlock instead of hanging.
@Suite struct ConcurrencyInjectorDeadlockTests {
    final class Service: Sendable {
        let dependency: Service?
        init(_ dependency: Service? = nil) { self.dependency = dependency }
    }

    /// Signals between the two factories. A wait gives up after `patience`: with a correct lock the
    /// other thread cannot enter its factory until this one finishes.
    final class Rendezvous: Sendable {
        let firstInside = DispatchSemaphore(value: 0)
        let secondInside = DispatchSemaphore(value: 0)
        static let patience = DispatchTimeInterval.milliseconds(300)
    }

    /// Runs `first` and `second` on two threads; nil when both finished, otherwise a description of the
    /// deadlock.
    func runBoth(_ first: @escaping @Sendable () -> Bool, _ second: @escaping @Sendable () -> Bool) -> String? {
        let finished = DispatchGroup()
        let results = ConcurrencyInjectorStressTests.Failures()
        for (label, body) in [("first", first), ("second", second)] {
            finished.enter()
            Thread {
                if !body() { results.record("\(label) thread did not get its service") }
                finished.leave()
            }.start()
        }
        // Generous: without a deadlock both threads finish within a few patience periods.
        guard finished.wait(timeout: .now() + .seconds(30)) == .success else {
            return "deadlock: the two threads are still waiting after 30 s"
        }
        return results.all.isEmpty ? nil : results.all.joined(separator: "; ")
    }

    /// The reported case: `Injection` lazy singletons only.
    @Test func crossInjectorLazySingletonsDoNotDeadlock() throws {
        let one = Injector(label: "one")
        let two = Injector(label: "two")
        let meet = Rendezvous()
        try one.register(as: Service.self, name: "z", injection: .lazySingleton { Service() })
        try two.register(as: Service.self, name: "x", injection: .lazySingleton { Service() })
        try one.register(
            as: Service.self, name: "a",
            injection: .lazySingleton {
                meet.firstInside.signal()
                _ = meet.secondInside.wait(timeout: .now() + Rendezvous.patience)
                return Service(two[Service.self, name: "x"])
            })
        try two.register(
            as: Service.self, name: "y",
            injection: .lazySingleton {
                meet.secondInside.signal()
                _ = meet.firstInside.wait(timeout: .now() + Rendezvous.patience)
                return Service(one[Service.self, name: "z"])
            })
        let failure = runBoth(
            { one[Service.self, name: "a"]?.dependency != nil },
            { two[Service.self, name: "y"]?.dependency != nil })
        #expect(failure == nil)
    }

    /// Variant: the second thread starts in a Swinject registration of the second injector, whose
    /// factory (holding Swinject's lock) asks the first injector for a lazy singleton, while the first
    /// thread's lazy singleton resolves a Swinject registration of the second injector.
    @Test func lazySingletonsAndSwinjectRegistrationsDoNotDeadlock() throws {
        let one = Injector(label: "one")
        let two = Injector(label: "two")
        let meet = Rendezvous()
        try one.register(as: Service.self, name: "z", injection: .lazySingleton { Service() })
        two.container.register(Service.self, name: "x") { _ in Service() }
        two.container.register(Service.self, name: "y") { _ in
            meet.secondInside.signal()
            _ = meet.firstInside.wait(timeout: .now() + Rendezvous.patience)
            return Service(one[Service.self, name: "z"])
        }
        try one.register(
            as: Service.self, name: "a",
            injection: .lazySingleton {
                meet.firstInside.signal()
                _ = meet.secondInside.wait(timeout: .now() + Rendezvous.patience)
                return Service(two[Service.self, name: "x"])
            })
        let failure = runBoth(
            { one[Service.self, name: "a"]?.dependency != nil },
            { two[Service.self, name: "y"]?.dependency != nil })
        #expect(failure == nil)
    }

    /// A lazy singleton that a `@LazyInjected` property of another injector's service needs, from two
    /// threads: one lock for both paths, so no order to get wrong.
    @Test func lazyInjectedAcrossInjectorsDoesNotDeadlock() throws {
        final class Reader: @unchecked Sendable {
            @LazyInjected var service: Service
            init(injector: Injector) { _service = LazyInjected(injector: injector, name: "z") }
        }
        let one = Injector(label: "one")
        let two = Injector(label: "two")
        let meet = Rendezvous()
        let reader = Reader(injector: one)
        try one.register(
            as: Service.self, name: "z",
            injection: .lazySingleton {
                meet.firstInside.signal()
                _ = meet.secondInside.wait(timeout: .now() + Rendezvous.patience)
                return Service(two[Service.self, name: "x"])
            })
        try two.register(
            as: Service.self, name: "x",
            injection: .lazySingleton {
                meet.secondInside.signal()
                _ = meet.firstInside.wait(timeout: .now() + Rendezvous.patience)
                return Service(one[Service.self, name: "w"])
            })
        try one.register(as: Service.self, name: "w", injection: .lazySingleton { Service() })
        let failure = runBoth(
            { (try? reader.$service.get())?.dependency != nil },
            { two[Service.self, name: "x"]?.dependency != nil })
        #expect(failure == nil)
    }
}
