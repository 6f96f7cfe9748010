import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Initializer selection")
struct InitializerSelectionTests {
    @Test func withoutArgumentsTheOneDependencyInitializerIsChosen() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let owner = try #require(container.resolve((any Person).self) as? PetOwner)
        #expect(owner.name == "unnamed")
    }

    @Test func twoArgumentsPickTheTwoParameterInitializer() throws {
        let container = Container()
        container.autoregister((any Person).self, arguments: String.self, (any Animal).self, initializer: PetOwner.init)
        let owner = try #require(
            container.resolve((any Person).self, arguments: "Ann", Cat(name: "Mimi") as any Animal) as? PetOwner
        )
        #expect(owner.name == "Ann")
    }

    @Test func aFixedArityInitializerIsPreferredToOneOnlyThePackTakes() throws {
        // Two parameters without arguments go to the parameter pack, three to a generated
        // fixed-arity overload, which Swift prefers.
        let container = Container()
        container.register(Dog.self) { _ in Dog(name: "Rex") }
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.register(String.self) { _ in "Sam" }
        container.autoregister(Household.self, initializer: Household.init)
        #expect(try container.resolveOrThrow(Household.self).members == 3)
    }
}

/// A service with a two-parameter and a three-parameter initializer.
final class Household {
    let members: Int
    init(dog: Dog, cat: Cat) { members = 2 }
    init(dog: Dog, cat: Cat, keeper: String) { members = 3 }
}
