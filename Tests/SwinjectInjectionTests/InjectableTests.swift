import SwinjectInjection
import Testing

final class CycleA: Injectable {
    var b: CycleB?
    init() {}
    convenience init?(injector: Injector) { self.init() }
    func injectDependencies(injector: Injector) { b = injector.getObject(withType: CycleB.self) }
}

final class CycleB: Injectable {
    var a: CycleA?
    init() {}
    convenience init?(injector: Injector) { self.init() }
    func injectDependencies(injector: Injector) { a = injector.getObject(withType: CycleA.self) }
}

final class SelfNeeding: Injectable {
    let me: SelfNeeding?
    init?(injector: Injector) { me = try? injector.get(SelfNeeding.self) }
}

struct Refusing: Injectable {
    init?(injector: Injector) { return nil }
}

protocol PEngine: AnyObject {}

final class Engine: PEngine, Injectable {
    let greeter: (any PGreeter)?
    init?(injector: Injector) { greeter = injector[(any PGreeter).self] }
}

final class Counted: Injectable {
    static let made = Counter()
    init?(injector: Injector) { Self.made.increment() }
}

/// Counted by `bindSingletonCreatesOnce` alone: tests run in parallel, and another test creates
/// `Counted` instances, which made that test's count flaky (seen once in CI).
final class CountedSingleton: Injectable {
    static let made = Counter()
    init?(injector: Injector) { Self.made.increment() }
}

@Suite struct InjectableTests {
    @Test func cycleIsReportedWithTheChain() throws {
        let injector = Injector(label: "cycles")
        #expect(injector.getObject(withType: CycleA.self) == nil)
        let (error, line) = (capture { _ = try injector.get(CycleA.self) }, #line)
        let cycle = try #require(error)
        #expect(cycle == .cycle)
        #expect(cycle.line == line)
        let names = ["CycleA", "CycleB", "CycleA"].map { "SwinjectInjectionTests.\($0)" }
        #expect(cycle.chain == names)
        #expect(cycle.description.contains(names.joined(separator: " → ")))
        #expect(throws: InjectionError.cycle) { try injector.get(SelfNeeding.self) }
    }

    @Test func failingInitIsACreationFailure() {
        let injector = Injector()
        let (error, line) = (capture { _ = try injector.get(Refusing.self) }, #line)
        #expect(error == .creationFailed)
        #expect(error?.line == line)
        #expect(error?.detail == "init?(injector:) returned nil")
        #expect(error?.description.contains("could not create SwinjectInjectionTests.Refusing") == true)
        #expect(injector[Refusing.self] == nil)
    }

    @Test func registeredInjectableFollowsItsRegistration() throws {
        let injector = Injector()
        let greeter = Greeter("registered")
        try injector.register(as: (any PGreeter).self, injection: .singleton(greeter))
        let implicit = try injector.get(Engine.self)
        #expect(implicit.greeter === greeter)
        injector.bind(type: Engine.self) { _ in nil }
        #expect(throws: InjectionError.creationFailed) { try injector.get(Engine.self) }
    }

    @Test func bindingVerbs() throws {
        let injector = Injector(label: "bindings")
        injector.bind(type: (any PGreeter).self) { _ in Greeter("closure") }
        #expect(injector[(any PGreeter).self]?.greeting == "closure")
        #expect(injector[(any PGreeter).self] !== injector[(any PGreeter).self])

        let shared = Greeter("object")
        injector.bind(object: shared, toType: Greeter.self)
        injector.bind(type: Greeter.self, toType: (any PGreeter).self)
        #expect(injector.getObject(withType: (any PGreeter).self) === shared)

        injector.bind(type: Engine.self, toType: (any PEngine).self)
        let engine = try injector.get((any PEngine).self)
        #expect(engine !== (try injector.get((any PEngine).self)))

        injector.bind(type: Counted.self, toType: (any PGreeter).self)
        #expect(throws: InjectionError.creationFailed) { try injector.get((any PGreeter).self) }
    }

    @Test func bindSingletonCreatesOnce() throws {
        let injector = Injector()
        injector.bindSingleton(forType: CountedSingleton.self)
        let before = CountedSingleton.made.count
        let first = try injector.get(CountedSingleton.self)
        let second = try injector.get(CountedSingleton.self)
        #expect(first === second)
        #expect(CountedSingleton.made.count == before + 1)
    }
}
