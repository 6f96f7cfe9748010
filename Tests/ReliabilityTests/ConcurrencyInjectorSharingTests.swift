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
