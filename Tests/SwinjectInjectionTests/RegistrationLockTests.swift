import Foundation
import Swinject
import Testing

@testable import SwinjectInjection

/// An injector installs each registration's Swinject forwarder under Swinject's own lock, taken
/// directly (the lock itself is probed in `SwinjectInternalsProbeTests`).
@Suite("Registration under Swinject's lock")
struct RegistrationLockTests {
    private final class Counted: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func registrationsAreVisibleThroughSwinjectAndTheInjector() throws {
        let injector = Injector(label: "lock")
        for index in 0..<200 {
            try injector.register(as: Counted.self, name: "n\(index)", injection: .factory { Counted(index) })
        }
        for index in 0..<200 {
            #expect(try injector.get(Counted.self, name: "n\(index)").value == index)
            #expect(injector.container.resolve(Counted.self, name: "n\(index)")?.value == index)
        }
    }

    @Test func aFactoryMayRegisterWhileSwinjectHoldsItsLock() throws {
        // A Swinject factory resolved through the injector runs under Swinject's lock; a
        // registration it makes takes the same recursive lock again on the same thread.
        let injector = Injector(label: "nested")
        injector.container.register(Counted.self) { _ in
            _ = try? injector.register(as: LockTestLeaf.self, injection: .factory { LockTestLeaf() })
            return Counted(1)
        }
        #expect(try injector.get(Counted.self).value == 1)
        #expect(injector.isRegistered(type: LockTestLeaf.self))
        #expect(injector.container.resolve(LockTestLeaf.self) != nil)
    }

    @Test func aRegistrationReplacingASwinjectOneIsForwardedAndNotReportedAsSwinjects() throws {
        // The observer tells the injector's own forwarder from a Swinject registration by the
        // registering thread's install; a later Swinject registration still replaces it.
        let injector = Injector(label: "replace", allowsRewrite: true)
        injector.container.register(Counted.self) { _ in Counted(1) }
        try injector.register(as: Counted.self, injection: .factory { Counted(2) })
        #expect(try injector.get(Counted.self).value == 2)
        #expect(injector.container.resolve(Counted.self)?.value == 2)
        injector.container.register(Counted.self) { _ in Counted(3) }
        #expect(try injector.get(Counted.self).value == 3)
    }

    @Test func registeringWhileOtherThreadsResolveLosesNothing() throws {
        // The readers resolve a Swinject registration, through Swinject's synchronized resolver
        // and so under the lock the writer's forwarders are installed under.
        let injector = Injector(label: "concurrent")
        injector.container.register(Counted.self) { _ in Counted(0) }
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<100 {
                if worker == 0 {
                    _ = try? injector.register(
                        as: Counted.self, name: "r\(index)", injection: .factory { Counted(index) })
                } else {
                    _ = try? injector.get(Counted.self)
                }
            }
        }
        let resolver = injector.container.synchronize()
        for index in 0..<100 {
            #expect(resolver.resolve(Counted.self, name: "r\(index)")?.value == index)
        }
    }
}

private final class LockTestLeaf: Sendable {}
