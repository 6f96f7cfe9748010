import Swinject
import SwinjectAutoregistration
import Testing

@Suite("The ~> operators")
struct OperatorTests {
    private func container() -> Container {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Default") }
        container.register(Cat.self, name: "mimi") { _ in Cat(name: "Mimi") }
        container.register(Cat.self) { _, name in Cat(name: name) }
        container.register(Cat.self, name: "named") { _, name in Cat(name: "named " + name) }
        container.register(Cat.self) { _, name, lives in Cat(name: name, lives: lives) }
        container.register(Cat.self, name: "named") { _, name, lives in Cat(name: "named " + name, lives: lives) }
        container.register(Cat.self) { _, name, lives, suffix in Cat(name: name + suffix, lives: lives) }
        container.register(Cat.self, name: "named") { (_, name: String, lives: Int, suffix: String) in
            Cat(name: "named " + name + suffix, lives: lives)
        }
        return container
    }

    @Test func postfixInfersTheType() {
        let r: any Resolver = container()
        let cat: Cat = r~>
        #expect(cat.name == "Default")
        #expect(PetOwner(pet: r ~> Cat.self).pet.name == "Default")
    }

    @Test func postfixInsideFactory() throws {
        let container = container()
        container.register((any Person).self) { r in PetOwner(pet: r ~> Cat.self) }
        container.register(Pair.self) { r in Pair(leaf: Leaf(), cat: r~>) }
        #expect(try container.resolveOrThrow(Pair.self).cat.name == "Default")
        #expect(container.resolve((any Person).self) != nil)
    }

    @Test func named() {
        let r: any Resolver = container()
        #expect((r ~> (Cat.self, name: "mimi")).name == "Mimi")
    }

    @Test func withArgument() {
        let r: any Resolver = container()
        #expect((r ~> (Cat.self, argument: "Mimi")).name == "Mimi")
        #expect((r ~> (Cat.self, name: "named", argument: "Mimi")).name == "named Mimi")
    }

    @Test func withTwoArguments() {
        let r: any Resolver = container()
        let cat = r ~> (Cat.self, arguments: ("Mimi", 3))
        #expect(cat.name == "Mimi" && cat.lives == 3)
        let named = r ~> (Cat.self, name: "named", arguments: ("Mimi", 4))
        #expect(named.name == "named Mimi" && named.lives == 4)
    }

    @Test func withThreeArguments() {
        let r: any Resolver = container()
        let cat = r ~> (Cat.self, arguments: ("Mimi", 3, "!"))
        #expect(cat.name == "Mimi!" && cat.lives == 3)
        let named = r ~> (Cat.self, name: "named", arguments: ("Mimi", 5, "?"))
        #expect(named.name == "named Mimi?" && named.lives == 5)
    }

    @Test func existentialArgumentIsFound() {
        let container = Container()
        container.autoregister(
            (any Person).self,
            argument: (any Animal).self,
            initializer: PetOwner.init(pet:)
        )
        let animal: any Animal = Cat(name: "Opened")
        let r: any Resolver = container
        let person: any Person = r ~> ((any Person).self, argument: animal)
        #expect((person as? PetOwner)?.pet.name == "Opened")
    }

    @Test func missingServiceTrapsWithExplanation() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.autoregister(Session.self, initializer: Session.init)
            let r: any Resolver = container
            let session: Session = r~>
            _ = session
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("Session → URLSessionConfiguration (not registered)"))
    }
}

@Suite("Upstream operator spellings")
struct UpstreamOperatorTests {
    @Test func argumentsWithoutAnInnerTuple() {
        let container = Container()
        container.autoregister(Cat.self, arguments: String.self, Int.self, initializer: Cat.init(name:lives:))
        container.autoregister(
            Cat.self, name: "named", arguments: String.self, Int.self, initializer: Cat.init(name:lives:))
        let cat: Cat = container ~> (Cat.self, arguments: "Mimi", 3)
        #expect(cat.name == "Mimi" && cat.lives == 3)
        let named: Cat = container ~> (Cat.self, name: "named", arguments: "Rex", 2)
        #expect(named.lives == 2)
        container.autoregister(
            Veterinarian.self, arguments: String.self, Int.self, (any Animal).self, initializer: Veterinarian.init)
        let vet: Veterinarian = container ~> (Veterinarian.self, arguments: "Vet", 3, Cat(name: "Tom") as any Animal)
        #expect(vet.years == 3)
        container.autoregister(
            Veterinarian.self, name: "n", arguments: String.self, Int.self, (any Animal).self,
            initializer: Veterinarian.init)
        let namedVet: Veterinarian =
            container ~> (Veterinarian.self, name: "n", arguments: "Vet", 4, Cat(name: "Tom") as any Animal)
        #expect(namedVet.years == 4)
    }
}
