import Swinject
import SwinjectAutoregistration
import Testing

// The Swift samples of Sources/SwinjectAutoregistration/Documentation.docc, verbatim
// (Scripts/check-doc-samples.py checks that each appears in a test file). The articles share one
// set of types, so their samples sit in one namespace struct; the tests at the end run them
// through the public API only.
@Suite struct AutoregistrationDocSamples {
    func makeVerifiedPetContainer() throws -> PetOwner {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister(PetOwner.self, initializer: PetOwner.init(pet:))
        print(try container.verify())  // lists the Animal closure as not checked
        return try container.resolveOrThrow(PetOwner.self)
    }

    protocol Animal: AnyObject {
        var name: String { get }
    }

    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class PetOwner {
        let name: String
        let pet: any Animal

        init(pet: any Animal) {
            self.name = "unnamed"
            self.pet = pet
        }

        init(name: String, pet: any Animal) {
            self.name = name
            self.pet = pet
        }
    }

    func registerPetOwner(in container: Container) {
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }  // a plain registration
        container.autoregister(PetOwner.self, initializer: PetOwner.init(pet:))  // its dependency resolved
    }

    func registerNamedOwner(in container: Container) {
        container.autoregister(PetOwner.self, name: "shared", initializer: PetOwner.init(pet:))
            .inObjectScope(.container)
    }

    final class SessionConfiguration {}

    final class HTTPSession {
        init(configuration: SessionConfiguration) {}
    }

    final class Catalog {
        init(session: HTTPSession) {}
    }

    final class Storefront {
        init(catalog: Catalog) {}
    }

    func explainMissingConfiguration() -> String {
        let container = Container()
        container.autoregister(Storefront.self, initializer: Storefront.init)
        container.autoregister(Catalog.self, initializer: Catalog.init)
        container.autoregister(HTTPSession.self, initializer: HTTPSession.init)
        do {
            _ = try container.resolveOrThrow(Storefront.self)
            return "resolved"
        } catch {
            return "\(error)"
        }
    }

    func registerWithOperators(in container: Container) {
        container.register(Cat.self) { _ in Cat(name: "Mimi") }
        container.register(Cat.self, name: "tom") { _ in Cat(name: "Tom") }
        container.register(PetOwner.self, name: "typed") { r in PetOwner(pet: r ~> Cat.self) }
        container.register(PetOwner.self, name: "named") { r in PetOwner(pet: r ~> (Cat.self, name: "tom")) }
    }

    func resolveWithArgument() -> PetOwner? {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister(PetOwner.self, argument: String.self, initializer: PetOwner.init(name:pet:))
        return container.resolve(PetOwner.self, argument: "Michael")
    }

    func resolveWithTwoArguments() -> PetOwner? {
        let container = Container()
        container.autoregister(
            PetOwner.self,
            arguments: (any Animal).self, String.self,
            initializer: PetOwner.init(name:pet:))
        return container.resolve(PetOwner.self, arguments: Dog(name: "Rex") as any Animal, "Ann")
    }

    func resolveProtocolArgument() throws -> [PetOwner?] {
        let container = Container()
        container.autoregister(PetOwner.self, argument: (any Animal).self, initializer: PetOwner.init(pet:))
        let animal: any Animal = Cat(name: "Mimi")
        let missed = container.resolve(PetOwner.self, argument: animal)  // nil: looks up a Cat argument
        let found = container.resolve(PetOwner.self, argument: animal as any Animal)
        let alsoFound = try container.resolveOrThrow(PetOwner.self, argument: animal)
        return [missed, found, alsoFound]
    }

    final class Chicken {
        init(egg: Egg) {}
    }

    final class Egg {
        init(chicken: Chicken) {}
    }

    func verifyCycle() -> [String] {
        let container = Container()
        container.autoregister(Chicken.self, initializer: Chicken.init)
        container.autoregister(Egg.self, initializer: Egg.init)
        do {
            _ = try container.verify()
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func appContainerIsComplete() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister(PetOwner.self, initializer: PetOwner.init(pet:))
        let report = try container.verify()
        #expect(report.unchecked.count == 1)  // the Animal closure; verify(.resolvingEach) builds it
    }

    @Test func everyServiceBuilds() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister(PetOwner.self, initializer: PetOwner.init(pet:))
        let report = try container.verify(.resolvingEach)
        #expect(report.checked.count == 2)
    }

    func verifyChild() throws {
        let parent = Container()
        parent.enableRegistrationTracking()
        parent.register(SessionConfiguration.self) { _ in SessionConfiguration() }

        let child = Container(parent: parent)
        child.autoregister(HTTPSession.self, initializer: HTTPSession.init)
        print(try child.verify())  // SessionConfiguration, registered with a closure, is not checked
    }

    func storefrontGraph() -> String {
        let container = Container()
        container.autoregister(Storefront.self, initializer: Storefront.init)
        container.autoregister(Catalog.self, initializer: Catalog.init)
        container.autoregister(HTTPSession.self, initializer: HTTPSession.init)
        return container.dependencyGraph().mermaid
    }

    final class Registrar {
        let container: Container
        init(container: Container) { self.container = container }

        func register<Service, A, B>(_ service: Service.Type, _ initializer: @escaping ((A, B)) -> Service) {
            container.autoregister(service, initializer: initializer)
        }

        func register<Service, A, B, Argument>(
            _ service: Service.Type, argument: Argument.Type, _ initializer: @escaping ((A, B)) -> Service
        ) {
            container.autoregister(service, argument: argument, initializer: initializer)
        }
    }

    func registerThroughWrapper(in container: Container) {
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.register(String.self) { _ in "Ann" }
        let registrar = Registrar(container: container)
        registrar.register(PetOwner.self, PetOwner.init(name:pet:))  // resolves String and Animal
        registrar.register(PetOwner.self, argument: String.self, PetOwner.init(name:pet:))
    }
}

@Suite struct AutoregistrationDocSampleTests {
    typealias Samples = AutoregistrationDocSamples
    let samples = AutoregistrationDocSamples()

    @Test func registeringResolvesTheDependency() throws {
        #expect(try samples.makeVerifiedPetContainer().pet.name == "Mimi")
        let container = Container()
        samples.registerPetOwner(in: container)
        samples.registerNamedOwner(in: container)
        #expect(container.resolve(Samples.PetOwner.self)?.pet.name == "Mimi")
        let shared = container.resolve(Samples.PetOwner.self, name: "shared")
        #expect(shared != nil && shared === container.resolve(Samples.PetOwner.self, name: "shared"))
    }

    @Test func missingConfigurationIsExplained() {
        let message = samples.explainMissingConfiguration()
        #expect(message.contains("Cannot resolve Storefront: a dependency is not registered."))
        #expect(message.contains("chain: Storefront → Catalog → HTTPSession → SessionConfiguration (not registered)"))
    }

    @Test func operatorsResolve() {
        let container = Container()
        samples.registerWithOperators(in: container)
        #expect(container.resolve(Samples.PetOwner.self, name: "typed")?.pet.name == "Mimi")
        #expect(container.resolve(Samples.PetOwner.self, name: "named")?.pet.name == "Tom")
    }

    @Test func runtimeArguments() throws {
        #expect(samples.resolveWithArgument()?.name == "Michael")
        let owner = samples.resolveWithTwoArguments()
        #expect(owner?.name == "Ann")
        #expect(owner?.pet.name == "Rex")
        let results = try samples.resolveProtocolArgument()
        #expect(results[0] == nil)
        #expect(results[1]?.pet.name == "Mimi")
        #expect(results[2]?.pet.name == "Mimi")
    }

    @Test func verificationFindsTheCycleAndAcceptsTheChild() throws {
        let issues = samples.verifyCycle()
        #expect(issues.count == 1)
        #expect(issues.first?.contains("Chicken → Egg → Chicken") == true)
        try samples.verifyChild()
    }

    @Test func graphListsEveryService() {
        let graph = samples.storefrontGraph()
        for name in ["Storefront", "Catalog", "HTTPSession"] {
            #expect(graph.contains("\"\(name)<br/>scope: graph\""))
        }
        #expect(graph.contains("\"SessionConfiguration<br/>not registered\"]:::missing"))
        #expect(graph.hasPrefix("flowchart LR"))
    }

    @Test func tupleInitializersThroughAWrapper() {
        let container = Container()
        samples.registerThroughWrapper(in: container)
        #expect(container.resolve(Samples.PetOwner.self)?.name == "Ann")
        let owner = container.resolve(Samples.PetOwner.self, argument: "Michael")
        #expect(owner?.name == "Michael")
        #expect(owner?.pet.name == "Mimi")
    }
}
