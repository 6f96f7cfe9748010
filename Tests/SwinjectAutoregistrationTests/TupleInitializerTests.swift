import Swinject
import SwinjectAutoregistration
import Testing

// A generic wrapper that forwards an initializer to upstream's `autoregister` holds it as a
// closure whose one parameter is a tuple, `((A, B)) -> Service`, and passes that closure on.
// These wrappers are written the way projects write them.

private final class Registrar {
    let container: Container
    init(container: Container) { self.container = container }

    @discardableResult
    func register<S, A, B>(_ service: S.Type, _ initializer: @escaping ((A, B)) -> S) -> ServiceEntry<S> {
        container.autoregister(service, initializer: initializer)
    }

    @discardableResult
    func register<S, A, B, Arg>(
        _ service: S.Type, argument: Arg.Type, _ initializer: @escaping ((A, B)) -> S
    ) -> ServiceEntry<S> {
        container.autoregister(service, argument: argument, initializer: initializer)
    }

    @discardableResult
    func register<S>(_ service: S.Type, _ initializer: @escaping (()) -> S) -> ServiceEntry<S> {
        container.autoregister(service, initializer: initializer)
    }
}

/// The reduced case of a Swift 6.3.1 compiler crash (signal 11): a tuple-taking closure passed
/// with `argument:` reached the parameter-pack overload with the tuple as its one element. It now
/// reaches the tuple overload; this function only has to compile.
private func registerTupleInitializerWithArgument<S, A, B, Arg>(
    _ container: Container, _ service: S.Type, argument: Arg.Type, _ initializer: @escaping ((A, B)) -> S
) {
    container.autoregister(service, argument: argument, initializer: initializer)
}

private final class Named {
    let name: String
    let cat: Cat
    init(name: String, cat: Cat) {
        self.name = name
        self.cat = cat
    }
}

@Suite("Tuple-parameter initializers")
struct TupleInitializerTests {
    @Test func aForwardedTupleInitializerResolvesEachElement() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        Registrar(container: container).register(Pair.self, Pair.init)
        let pair = try #require(container.resolve(Pair.self))
        #expect(pair.cat.name == "Tom")
        _ = try container.verify()  // the manifest lists Leaf and Cat, not the tuple
    }

    @Test func aForwardedTupleInitializerTakesItsArgument() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        Registrar(container: container).register(Named.self, argument: String.self, Named.init)
        let named = try #require(container.resolve(Named.self, argument: "Jerry"))
        #expect(named.name == "Jerry")
        #expect(named.cat.name == "Tom")
    }

    @Test func theReducedCompilerCrashCaseRegistersAndResolves() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        registerTupleInitializerWithArgument(container, Named.self, argument: String.self, Named.init)
        #expect(container.resolve(Named.self, argument: "Jerry")?.name == "Jerry")
    }

    @Test func anEmptyTupleInitializer() {
        let container = Container()
        Registrar(container: container).register(Leaf.self, Leaf.init)
        #expect(container.resolve(Leaf.self) != nil)
    }

    @Test func aTupleTakingClosureWrittenInPlace() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Pair.self, name: "tuple") { (dependencies: (Leaf, Cat)) in
            Pair(leaf: dependencies.0, cat: dependencies.1)
        }
        #expect(try container.resolveOrThrow(Pair.self, name: "tuple").cat.name == "Tom")
    }

    /// A missing dependency fails the same way whether the initializer takes a tuple or separate
    /// parameters: same code, chain and message from `resolveOrThrow`, same issue from `verify()`.
    @Test func aMissingDependencyFailsAsInThePlainForm() throws {
        func failures(_ register: (Container) -> Void) throws -> (ResolutionError?, [[String]]?) {
            let container = Container()
            container.autoregister(Leaf.self, initializer: Leaf.init)
            register(container)
            #expect(container.resolve(Pair.self) == nil)
            let error = #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(Pair.self) }
            let verification = #expect(throws: VerificationError.self) { try container.verify() }
            return (error, verification?.issues.map(\.chain))
        }
        let (tupleError, tupleIssues) = try failures { Registrar(container: $0).register(Pair.self, Pair.init) }
        let (plainError, plainIssues) = try failures { $0.autoregister(Pair.self, initializer: Pair.init) }
        #expect(tupleError?.chain == ["Pair", "Cat"])
        #expect(tupleError?.chain == plainError?.chain)
        #expect(tupleError?.description == plainError?.description)
        #expect(tupleIssues == plainIssues)
    }

    @Test func aMissingDependencyWithAnArgumentFailsAsInThePlainForm() throws {
        func failure(_ register: (Container) -> Void) -> ResolutionError? {
            let container = Container()
            register(container)
            #expect(container.resolve(Named.self, argument: "Jerry") == nil)
            return #expect(throws: ResolutionError.missingDependency) {
                try container.resolveOrThrow(Named.self, argument: "Jerry")
            }
        }
        let tuple = failure { Registrar(container: $0).register(Named.self, argument: String.self, Named.init) }
        let plain = failure { $0.autoregister(Named.self, argument: String.self, initializer: Named.init) }
        #expect(tuple?.chain == ["Named", "Cat"])
        #expect(tuple?.chain == plain?.chain)
        #expect(tuple?.description == plain?.description)
    }

    @Test func anArgumentTypeNoElementHasIsReportedNotTrapped() {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        Registrar(container: container).register(Named.self, argument: Double.self, Named.init)
        #expect(container.resolve(Named.self, argument: 1.5) == nil)
        #expect(throws: ResolutionError.unmatchedArgumentType) {
            try container.resolveOrThrow(Named.self, argument: 1.5)
        }
    }
}
