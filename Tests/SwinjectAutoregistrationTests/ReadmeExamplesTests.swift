import Swinject
import SwinjectAutoregistration
import Testing

// Usage examples of autoregistration (registering, arguments, operators, failures), compiled and
// run. The samples of the DocC articles are in AutoregistrationDocSamples.swift.

final class DependencyA {}
final class DependencyB {}
final class DependencyC {}
final class DependencyD {}

final class MyService {
    init(dependencyA: DependencyA, dependencyB: DependencyB, dependencyC: DependencyC, dependencyD: DependencyD) {}
}

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test func registration() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }  // Regular register method
        container.autoregister((any Person).self, initializer: PetOwner.init)  // Autoregistration

        let owner = try #require(container.resolve((any Person).self) as? PetOwner)
        #expect(owner.pet.name == "Mimi")
    }

    @Test func manyDependencies() throws {
        let container = Container()
        container.autoregister(DependencyA.self, initializer: DependencyA.init)
        container.autoregister(DependencyB.self, initializer: DependencyB.init)
        container.autoregister(DependencyC.self, initializer: DependencyC.init)
        container.autoregister(DependencyD.self, initializer: DependencyD.init)

        container.autoregister(MyService.self, initializer: MyService.init)

        container.register(MyService.self, name: "by hand") { r in
            MyService(
                dependencyA: r.resolve(DependencyA.self)!,
                dependencyB: r.resolve(DependencyB.self)!,
                dependencyC: r.resolve(DependencyC.self)!,
                dependencyD: r.resolve(DependencyD.self)!
            )
        }
        #expect(container.resolve(MyService.self) != nil)
        #expect(container.resolve(MyService.self, name: "by hand") != nil)
    }

    @Test func namesAndScopes() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }

        container.autoregister((any Person).self, name: "johnny", initializer: PetOwner.init)
            .inObjectScope(.container)

        #expect(container.resolve((any Person).self, name: "johnny") != nil)
    }

    @Test func arguments() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }

        container.autoregister((any Person).self, argument: String.self, initializer: PetOwner.init)
        let michael = container.resolve((any Person).self, argument: "Michael")

        container.autoregister(
            (any Person).self,
            name: "both",
            arguments: String.self,
            (any Animal).self,
            initializer: PetOwner.init
        )
        // or, in the other order:
        container.autoregister(
            (any Person).self,
            name: "both",
            arguments: (any Animal).self,
            String.self,
            initializer: PetOwner.init
        )
        let ann = container.resolve((any Person).self, name: "both", arguments: Dog(name: "Rex") as any Animal, "Ann")

        #expect((michael as? PetOwner)?.name == "Michael")
        #expect((ann as? PetOwner)?.pet.name == "Rex")
    }

    @Test func existentialArguments() throws {
        let container = Container()
        container.autoregister((any Person).self, argument: (any Animal).self, initializer: PetOwner.init(pet:))

        let animal: any Animal = Cat(name: "Mimi")
        let missed = container.resolve((any Person).self, argument: animal)  // nil: looks up (Resolver, Cat)
        let found = container.resolve((any Person).self, argument: animal as any Animal)  // the registration
        let alsoFound = try container.resolveOrThrow((any Person).self, argument: animal)  // finds it too

        #expect(missed == nil)
        #expect(found != nil)
        #expect(alsoFound is PetOwner)
    }

    @Test func operators() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.register(Cat.self, name: "mimi") { _ in Cat(name: "Mimi") }
        container.register(Cat.self) { _, name in Cat(name: name) }
        container.register(Cat.self) { _, name, lives in Cat(name: name, lives: lives) }

        container.register((any Person).self, name: "inferred") { r in PetOwner(pet: r~>) }
        container.register((any Person).self, name: "typed") { r in PetOwner(pet: r ~> Cat.self) }
        container.register((any Person).self, name: "named") { r in PetOwner(pet: r ~> (Cat.self, name: "mimi")) }
        container.register((any Person).self, name: "argument") { r in
            PetOwner(pet: r ~> (Cat.self, argument: "Mimi"))
        }
        container.register((any Person).self, name: "arguments") { r in
            PetOwner(pet: r ~> (Cat.self, arguments: ("Mimi", 3)))
        }

        for name in ["typed", "named", "argument", "arguments"] {
            #expect(container.resolve((any Person).self, name: name) != nil)
        }
    }

    @Test func failures() throws {
        let container = Container()
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        container.autoregister(Leaf.self, initializer: Leaf.init)

        let app = container.resolve(App.self)  // nil, nothing traps
        do {
            _ = try container.resolveOrThrow(App.self)
        } catch {
            print(error)  // App → APIClient → Session → URLSessionConfiguration (not registered)
        }

        #expect(app == nil)
        #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(App.self) }
    }

    @Test func verification() throws {
        let container = Container()
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        container.autoregister(Leaf.self, initializer: Leaf.init)

        _ = try container.verify()  // throws VerificationError listing every problem

        print(container.dependencyGraph().mermaid)
        print(container.dependencyGraph().dot)
    }

    @Test func explicitInitializer() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }

        container.autoregister((any Person).self, name: "explicit", initializer: PetOwner.init(name:pet:))

        container.register(String.self) { _ in "Johnny" }
        #expect((container.resolve((any Person).self, name: "explicit") as? PetOwner)?.name == "Johnny")
    }

    @Test func tracking() throws {
        let parent = Container()
        parent.enableRegistrationTracking()
        parent.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }

        let child = Container(parent: parent)
        child.autoregister(Session.self, initializer: Session.init)
        _ = try child.verify()
    }
}
