import Swinject
import SwinjectAutoregistration
import Testing

final class LoopA {
    let b: LoopB
    init(b: LoopB) { self.b = b }
}

final class LoopB {
    let a: LoopA
    init(a: LoopA) { self.a = a }
}

final class LoopRoot {
    let a: LoopA
    init(a: LoopA) { self.a = a }
}

final class HandA {
    let b: HandB
    init(b: HandB) { self.b = b }
}

final class HandB {
    let a: HandA?
    init(a: HandA?) { self.a = a }
}

@Suite("Dependency cycles are errors, not Swinject's depth trap")
struct CycleTests {
    private func autoregisteredCycle() -> Container {
        let container = Container()
        container.autoregister(LoopA.self, initializer: LoopA.init)
        container.autoregister(LoopB.self, initializer: LoopB.init)
        container.autoregister(LoopRoot.self, initializer: LoopRoot.init)
        return container
    }

    @Test func cycleAmongAutoregisteredServicesThrowsWithTheCycle() throws {
        let container = autoregisteredCycle()
        let error = #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(LoopA.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["LoopA", "LoopB", "LoopA"])
        #expect(failure.description.contains("Dependency cycle of length 2: LoopA → LoopB → LoopA"))
        #expect(container.resolve(LoopA.self) == nil)
    }

    @Test func cycleBelowTheRequestedServiceShowsThePathAndTheCycle() throws {
        let container = autoregisteredCycle()
        let error = #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(LoopRoot.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["LoopRoot", "LoopA", "LoopB", "LoopA"])
        #expect(failure.description.contains("Dependency cycle of length 2: LoopA → LoopB → LoopA"))
    }

    @Test func verifyReportsTheSameCycle() throws {
        let error = #expect(throws: VerificationError.self) { try autoregisteredCycle().verify() }
        let issue = try #require(error?.issues.first { $0.code == .cycle })
        #expect(issue.chain == ["LoopA", "LoopB", "LoopA"])
        // The same text as resolveOrThrow's error.
        #expect(issue.description == "Dependency cycle of length 2: LoopA → LoopB → LoopA")
    }

    @Test func cycleThroughAHandWrittenFactory() throws {
        let container = Container()
        container.autoregister(HandA.self, initializer: HandA.init)
        container.register(HandB.self) { r in HandB(a: r.resolve(HandA.self)) }
        let error = #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(HandA.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["HandA", "HandB", "HandA"])
        // The closure got nil for HandA; the partial graph is not handed out.
        #expect(container.resolve(HandA.self) == nil)
        #expect(container.resolve(HandB.self)?.a == nil)
    }

    @Test func theContainerStillWorksAfterACycle() throws {
        let container = autoregisteredCycle()
        #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(LoopA.self) }
        container.autoregister(Pair.self, initializer: Pair.init)
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Mimi") }
        #expect(try container.resolveOrThrow(Pair.self).cat.name == "Mimi")
        #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(LoopB.self) }
    }
}
