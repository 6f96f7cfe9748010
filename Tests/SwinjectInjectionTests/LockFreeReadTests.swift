import Swinject
import SwinjectInjection
import Testing

/// An unnamed registration read once is served without the registry's lock afterwards, and its
/// step on the resolution chain is kept without its (nil) name. Every case runs twice, so the
/// second request takes that path. Public API only.
@Suite("Registrations read without the lock")
struct LockFreeReadTests {
    private final class Node: Sendable {
        let inner: Node?
        init(_ inner: Node?) { self.inner = inner }
    }

    @Test func aReplacedRegistrationIsNotServedAgain() throws {
        let injector = Injector(label: "lock-free", allowsRewrite: true)
        try injector.register(as: Int.self, injection: .factory { 1 })
        #expect(try injector.get(Int.self) == 1)
        #expect(try injector.get(Int.self) == 1)
        try injector.register(as: Int.self, injection: .singleton(2))
        #expect(try injector.get(Int.self) == 2)
        #expect(try injector.get(Int.self) == 2)
        try injector.unregister(type: Int.self)
        #expect(throws: InjectionError.notRegistered) { try injector.get(Int.self) }
        injector.container.register(Int.self) { _ in 3 }
        #expect(try injector.get(Int.self) == 3)
    }

    @Test func namedAndUnnamedStepsOfOneTypeAreDifferentLinks() throws {
        let injector = Injector(label: "lock-free")
        try injector.register(as: Node.self, injection: .factory { Node(try? injector.get(Node.self, name: "inner")) })
        try injector.register(as: Node.self, name: "inner", injection: .factory { Node(nil) })
        for _ in 0..<2 {
            #expect(try injector.get(Node.self).inner != nil)
        }
    }

    @Test func aCycleThroughTheFastPathNamesItsChain() throws {
        let injector = Injector(label: "lock-free")
        try injector.register(as: Node.self, injection: .factory { Node(try? injector.get(Node.self, name: "loop")) })
        try injector.register(as: Node.self, name: "loop", injection: .factory { Node(try? injector.get(Node.self)) })
        let name = String(reflecting: Node.self)
        for _ in 0..<2 {
            let error = #expect(throws: InjectionError.self) { try injector.get(Node.self) }
            #expect(error?.code == .cycle)
            #expect(error?.chain == [name, name, name])
        }
    }
}
