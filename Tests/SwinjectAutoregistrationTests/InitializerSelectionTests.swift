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
}
