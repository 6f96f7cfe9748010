import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Optional dependencies")
struct OptionalTests {
    @Test func unregisteredOptionalsResolveToNil() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(OptionalOwner.self, initializer: OptionalOwner.init)
        let owner = try container.resolveOrThrow(OptionalOwner.self)
        #expect(owner.pet == nil)
        #expect(owner.dog == nil)
        #expect(owner.cat.name == "Tom")
        try container.verify()
    }

    @Test func registeredOptionalsResolve() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.register(Dog.self) { _ in Dog(name: "Rex") }
        container.autoregister(OptionalOwner.self, initializer: OptionalOwner.init)
        let owner = try container.resolveOrThrow(OptionalOwner.self)
        #expect(owner.pet?.name == "Mimi")
        #expect(owner.dog.name == "Rex")
    }

    @Test func requiredDependencyNextToOptionalsStillFails() {
        let container = Container()
        container.autoregister(OptionalOwner.self, initializer: OptionalOwner.init)
        #expect(container.resolve(OptionalOwner.self) == nil)
        let error = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(OptionalOwner.self)
        }
        #expect(error?.chain == ["OptionalOwner", "Cat"])
    }
}
