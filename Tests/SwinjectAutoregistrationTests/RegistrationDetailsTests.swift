import Swinject
import SwinjectAutoregistration
import Testing

final class Trio {
    init(leaf: Leaf, cat: Cat, dog: Dog) {}
}

final class Solo {
    init(leaf: Leaf) {}
}

final class TrioLoop {
    let next: TrioLoopNext
    init(leaf: Leaf, next: TrioLoopNext, cat: Cat) { self.next = next }
}

final class TrioLoopNext {
    let loop: TrioLoop
    init(loop: TrioLoop) { self.loop = loop }
}

/// Registers `Pair` with `autoregister` when the container reports the registration of `Solo`: a
/// registration made while Swinject is still reporting another one.
private final class RegisteringBehavior: Behavior {
    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        if type == Solo.self { container.autoregister(Pair.self, initializer: Pair.init) }
    }
}

/// An autoregistration's details (its initializer's parameters) reach the manifest whatever the
/// initializer's length: `verify()` and failures name each parameter and the initializer.
@Suite("Autoregistration details in the manifest")
struct RegistrationDetailsTests {
    @Test func everyInitializerLengthShowsItsParameters() throws {
        let container = Container()
        container.autoregister(Solo.self, initializer: Solo.init)
        container.autoregister(Pair.self, initializer: Pair.init)
        container.autoregister(Trio.self, initializer: Trio.init)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let issues = try #require(error?.issues)
        let descriptions = issues.map(\.description)
        #expect(descriptions.contains { $0.contains("Solo [initializer (Leaf) -> Solo]") })
        #expect(descriptions.contains { $0.contains("Pair [initializer (Leaf, Cat) -> Pair]") })
        #expect(descriptions.contains { $0.contains("Trio [initializer (Leaf, Cat, Dog) -> Trio]") })
        #expect(issues.map(\.chain).contains(["Trio", "Leaf (not registered)"]))
    }

    @Test func aResolveFailureNamesTheFixedArityInitializer() throws {
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Trio.self, initializer: Trio.init)
        let error = #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(Trio.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["Trio", "Dog"])
        #expect(failure.description.contains("(Leaf, Cat, Dog) -> Trio"))
    }

    @Test func aRegistrationMadeWhileSwinjectReportsAnotherKeepsBothDetails() throws {
        let container = Container()
        container.addBehavior(RegisteringBehavior())
        // Tracking starts with this registration, so the behavior above hears of Solo before the
        // tracker does, and registers Pair in between.
        container.autoregister(Solo.self, initializer: Solo.init)
        container.autoregister(Leaf.self, initializer: Leaf.init)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let issues = try #require(error?.issues)
        #expect(issues.map(\.chain) == [["Pair", "Cat (not registered)"]])
        #expect(issues[0].description.contains("Pair [initializer (Leaf, Cat) -> Pair]"))
        let graph = container.dependencyGraph()
        let services = Dictionary(graph.nodes.map { ($0.id, $0.service) }, uniquingKeysWith: { first, _ in first })
        let edges = graph.edges.map { "\(services[$0.from] ?? $0.from) → \(services[$0.to] ?? $0.to)" }
        #expect(edges.contains("Solo → Leaf"))
        #expect(edges.contains("Pair → Cat"))
    }

    @Test func aCycleAmongFixedArityServicesIsAnErrorWithItsChain() throws {
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(TrioLoop.self, initializer: TrioLoop.init)
        container.autoregister(TrioLoopNext.self, initializer: TrioLoopNext.init)
        let error = #expect(throws: ResolutionError.cycle) { try container.resolveOrThrow(TrioLoop.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["TrioLoop", "TrioLoopNext", "TrioLoop"])
        #expect(container.resolve(TrioLoopNext.self) == nil)
    }
}
