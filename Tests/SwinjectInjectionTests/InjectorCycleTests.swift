import Swinject
import SwinjectInjection
import Synchronization
import Testing

// Cycles through every creation path throw `.cycle` with the chain instead of overflowing the stack
// or reaching Swinject's depth-200 `fatalError`, and deep acyclic chains are not mistaken for one.

final class LoopA: Sendable {
    let b: LoopB?
    init(b: LoopB?) { self.b = b }
}

final class LoopB: Sendable {
    let a: LoopA?
    init(a: LoopA?) { self.a = a }
}

/// One link of a long chain of lazy singletons, registered under names "0", "1", ...
final class ChainLink: Sendable {
    let next: ChainLink?
    init(next: ChainLink?) { self.next = next }

    var length: Int {
        var count = 0
        var current: ChainLink? = self
        while let link = current {
            count += 1
            current = link.next
        }
        return count
    }
}

/// Holds a `@LazyInjected` property whose service's factory reads the same property.
final class SelfReader: @unchecked Sendable {
    @LazyInjected var link: ChainLink

    init(injector: Injector) {
        _link = LazyInjected(injector: injector)
    }
}

/// Lets a factory reach an object created after the registration.
final class Slot<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    var value: Value? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

@Suite struct InjectorCycleTests {
    /// The reported case: two `.factory` registrations that ask for each other.
    @Test func factoryCycleThrowsCycleWithTheChain() throws {
        let injector = Injector(label: "factories")
        try injector.register(as: LoopA.self, injection: .factory { LoopA(b: injector[LoopB.self]) })
        try injector.register(as: LoopB.self, injection: .factory { LoopB(a: injector[LoopA.self]) })
        let error = try #require(capture { _ = try injector.get(LoopA.self) })
        #expect(error == .cycle)
        #expect(
            error.chain == [
                "SwinjectInjectionTests.LoopA", "SwinjectInjectionTests.LoopB", "SwinjectInjectionTests.LoopA",
            ])
        #expect(error.description.contains("LoopA → SwinjectInjectionTests.LoopB → SwinjectInjectionTests.LoopA"))
        // The optional accessors give nil instead.
        #expect(injector[LoopA.self] == nil)
    }

    /// Variant: Swifjection closure bindings, one asking for itself.
    @Test func closureBindingCycleThrowsCycle() throws {
        let injector = Injector(label: "closures")
        injector.bind(type: LoopA.self) { injector in LoopA(b: injector.getObject(withType: LoopB.self)) }
        injector.bind(type: LoopB.self) { injector in LoopB(a: injector.getObject(withType: LoopA.self)) }
        #expect(throws: InjectionError.cycle) { try injector.get(LoopB.self) }

        let selfish = Injector(label: "self")
        selfish.bind(type: LoopA.self) { (injector: Injector) -> LoopA? in
            let inner: LoopA? = try? injector.get(LoopA.self)
            return LoopA(b: inner?.b)
        }
        let error = try #require(capture { _ = try selfish.get(LoopA.self) })
        #expect(error.chain == ["SwinjectInjectionTests.LoopA", "SwinjectInjectionTests.LoopA"])
    }

    /// The reported case: more than 200 nested lazy singletons (Swinject's depth limit) resolve.
    @Test func threeHundredNestedLazySingletonsResolve() throws {
        let injector = Injector(label: "deep")
        let depth = 300
        for index in 0..<depth {
            let next = index + 1 < depth ? "\(index + 1)" : nil
            try injector.register(
                as: ChainLink.self, name: "\(index)",
                injection: .lazySingleton { ChainLink(next: next.flatMap { injector[ChainLink.self, name: $0] }) })
        }
        let head = try injector.get(ChainLink.self, name: "0")
        #expect(head.length == depth)
        #expect(try injector.get(ChainLink.self, name: "0") === head)
    }

    /// Variant: the nesting alternates between two injectors and goes through `@LazyInjected`-free
    /// closure bindings and lazy singletons, 400 deep.
    @Test func deepChainAcrossTwoInjectorsResolves() throws {
        let first = Injector(label: "first")
        let second = Injector(label: "second")
        let depth = 400
        for index in 0..<depth {
            let owner = index.isMultiple(of: 2) ? first : second
            let nextOwner = index.isMultiple(of: 2) ? second : first
            let next = index + 1 < depth ? "\(index + 1)" : nil
            try owner.register(
                as: ChainLink.self, name: "\(index)",
                injection: .lazySingleton { ChainLink(next: next.flatMap { nextOwner[ChainLink.self, name: $0] }) })
        }
        #expect(try first.get(ChainLink.self, name: "0").length == depth)
    }

    /// The reported case: a `@LazyInjected` property read again from its own service's factory.
    @Test func lazyInjectedReadFromItsOwnFactoryReportsACycle() throws {
        let injector = Injector(label: "reentry")
        let reader = Slot<SelfReader>()
        try injector.register(
            as: ChainLink.self,
            injection: .factory { ChainLink(next: reader.value.flatMap { try? $0.$link.get() }) })
        reader.value = SelfReader(injector: injector)
        let outcome = try #require(reader.value).$link
        #expect(throws: InjectionError.cycle) { try outcome.get() }
        // Nothing was stored: the next read tries again and fails the same way, without a trap.
        #expect(throws: InjectionError.cycle) { try #require(reader.value).$link.get() }
    }

    /// Variant: a lazy singleton whose factory asks for itself.
    @Test func lazySingletonAskingForItselfThrowsCycle() throws {
        let injector = Injector(label: "lazy self")
        try injector.register(
            as: ChainLink.self, injection: .lazySingleton { ChainLink(next: injector[ChainLink.self]) })
        let error = try #require(capture { _ = try injector.get(ChainLink.self) })
        #expect(error == .cycle)
        #expect(error.chain.count == 2)
    }

    /// A cycle between a Swinject registration and an `Injection` factory, resolved through
    /// `injector.get` and `@Injected`, throws instead of reaching Swinject's depth limit.
    @Test func cycleThroughASwinjectRegistrationThrows() throws {
        let injector = Injector(label: "swinject cycle")
        injector.container._register(
            LoopA.self,
            factory: { (resolver: any Resolver) -> Any in LoopA(b: resolver.resolve(LoopB.self)) }
        )
        .inObjectScope(.transient)
        try injector.register(as: LoopB.self, injection: .factory { LoopB(a: injector[LoopA.self]) })
        let error = try #require(capture { _ = try injector.get(LoopA.self) })
        #expect(error == .cycle)
        #expect(error.chain.first == "SwinjectInjectionTests.LoopA")
        #expect(error.chain.last == "SwinjectInjectionTests.LoopA")

        struct Holder {
            @Injected var a: LoopA
            init(injector: Injector) { _a = Injected(injector: injector) }
        }
        #expect(throws: InjectionError.cycle) { try Holder(injector: injector).$a.get() }
    }
}
