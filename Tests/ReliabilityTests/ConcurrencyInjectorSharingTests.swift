import Foundation
import Swinject
import SwinjectInjection
import Testing

/// An injector installs the Swinject forwarders of earlier registrations when its container is
/// first handed out. Threads that ask for the container at the same time must all wait until every
/// forwarder is installed, and registrations racing with the hand-out must not be lost. Runs under
/// the thread sanitizer (Scripts/tsan.sh).
@Suite struct ConcurrencyInjectorSharingTests {
    final class Engine: Sendable {
        let size: Int
        init(_ size: Int) { self.size = size }
    }

    /// Names of failed resolves, kept on a serial queue (which the thread sanitizer sees).
    final class Missing: @unchecked Sendable {
        private let queue = DispatchQueue(label: "missing")
        private var found: [String] = []
        func add(_ name: String) { queue.sync { found.append(name) } }
        var names: [String] { queue.sync { found } }
    }

    @Test func threadsReadingTheContainerTogetherSeeEveryEarlierRegistration() throws {
        let names = (0..<300).map { "engine-\($0)" }
        for _ in 0..<4 {
            let injector = Injector(label: "sharing")
            for (index, name) in names.enumerated() {
                try injector.register(as: Engine.self, name: name, injection: .factory { Engine(index) })
            }
            let missing = Missing()
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                let resolver = injector.container.synchronize()
                for (index, name) in names.enumerated() where index % 8 == thread {
                    if resolver.resolve(Engine.self, name: name)?.size != index { missing.add(name) }
                }
            }
            #expect(missing.names.isEmpty)
        }
    }

    @Test func registrationsRacingWithTheHandOutAreAllForwarded() throws {
        let names = (0..<400).map { "engine-\($0)" }
        for _ in 0..<4 {
            let injector = Injector(label: "sharing")
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                if thread == 0 {
                    _ = injector.container
                    return
                }
                for (index, name) in names.enumerated() where index % 3 == thread - 1 {
                    _ = try? injector.register(as: Engine.self, name: name, injection: .factory { Engine(index) })
                }
            }
            let resolver = injector.container.synchronize()
            let missing = names.enumerated().filter {
                resolver.resolve(Engine.self, name: $0.element)?.size != $0.offset
            }
            #expect(missing.isEmpty)
        }
    }
}

/// The per-thread resolution chain is read without a reference count; a thread's first request
/// creates it and each thread sees only its own chain.
@Suite struct ConcurrencyInjectorThreadChainTests {
    final class Node: Sendable {
        let next: Node?
        init(_ next: Node?) { self.next = next }
    }

    final class Leaf: Sendable {}

    @Test func cyclesOnFreshThreadsReportTheirOwnChain() throws {
        let injector = Injector(label: "chains")
        try injector.register(as: Node.self, injection: .factory { Node(try? injector.get(Node.self)) })
        try injector.register(as: Leaf.self, injection: .factory { Leaf() })
        let failures = ConcurrencyInjectorSharingTests.Missing()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                defer { done.signal() }
                do throws(InjectionError) {
                    _ = try injector.get(Node.self)
                    failures.add("no cycle reported")
                } catch {
                    if error.code != .cycle
                        || error.chain != [String(reflecting: Node.self), String(reflecting: Node.self)]
                    {
                        failures.add("\(error.code): \(error.chain)")
                    }
                }
                if (try? injector.get(Leaf.self)) == nil { failures.add("leaf after a cycle") }
            }
            thread.start()
            done.wait()
        }
        #expect(failures.names.isEmpty)
    }
}

/// Requests read an injector's unnamed registrations without its lock once they were read under
/// it. Replacing and removing them while other threads resolve must give each reader either a
/// registration that was current during its request or a not-registered error, never a freed one.
@Suite struct ConcurrencyInjectorLockFreeReadTests {
    final class Versioned: Sendable {
        let version: Int
        init(_ version: Int) { self.version = version }
    }

    final class Dependent: Sendable {
        let versioned: Versioned
        init(_ versioned: Versioned) { self.versioned = versioned }
    }

    @Test func replacingAndRemovingWhileThreadsResolve() throws {
        let injector = Injector(label: "lock-free", allowsRewrite: true)
        try injector.register(as: Versioned.self, injection: .factory { Versioned(0) })
        try injector.register(
            as: Dependent.self, injection: .factory { Dependent((try? injector.get(Versioned.self)) ?? Versioned(-1)) })
        let writes = 1_000
        let readsPerThread = 4_000
        let failures = ConcurrencyInjectorSharingTests.Missing()
        // Bounded work on each side (no reader spins waiting for the writer), so the test takes
        // the same CPU time whatever else runs beside it.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for version in 1...writes {
                    if version % 7 == 0 {
                        try? injector.unregister(type: Versioned.self)
                    }
                    _ = try? injector.register(as: Versioned.self, injection: .factory { Versioned(version) })
                }
                return
            }
            var last = 0
            for _ in 0..<readsPerThread {
                do throws(InjectionError) {
                    let version = try injector.get(Versioned.self).version
                    // One thread writes in order, so a reader never sees a version go back.
                    if version < last || version > writes { failures.add("version \(version) after \(last)") }
                    last = version
                } catch {
                    if error.code != .notRegistered { failures.add("\(error)") }
                }
                _ = try? injector.get(Dependent.self)
            }
        }
        #expect(failures.names.isEmpty)
        #expect(try injector.get(Versioned.self).version == writes)
    }
}
