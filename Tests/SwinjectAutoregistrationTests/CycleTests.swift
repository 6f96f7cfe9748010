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

final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}

final class Child {
    weak var parent: Parent?
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

    /// Swinject's documented way out of a cycle: `initCompleted` resolves the parent while its
    /// factory runs; Swinject runs the factory a second time, which finds the child in the graph.
    @Test func initCompletedCircularDependencyStillWorks() throws {
        let container = Container()
        container.autoregister(Parent.self, initializer: Parent.init)
        container.register(Child.self) { _ in Child() }
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
        let parent = try container.resolveOrThrow(Parent.self)
        #expect(parent.child.parent === parent)
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

final class OperatorLoop {
    let next: OperatorLoopNext
    init(next: OperatorLoopNext) { self.next = next }
}

final class OperatorLoopNext {
    let loop: OperatorLoop
    init(loop: OperatorLoop) { self.loop = loop }
}

@Suite("A cycle resolved through ~>")
struct OperatorCycleTests {
    /// `~>` returns a non-optional service, so a failure stops the process, with the cycle named
    /// (before, Swinject's depth limit trapped with no chain).
    @Test func theOperatorStopsWithTheCycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.autoregister(OperatorLoop.self, initializer: OperatorLoop.init)
            container.register(OperatorLoopNext.self) { r in OperatorLoopNext(loop: r~>) }
            _ = container ~> OperatorLoop.self
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Dependency cycle of length 2: OperatorLoop → OperatorLoopNext → OperatorLoop"))
        }
    }
}
