import Swinject
import SwinjectAutoregistration
import Testing

/// Swift 6 opens an existential passed to a generic parameter, so Swinject's
/// `resolve(P.self, argument: animal)` looks up `(Resolver, Cat)` and misses a registration made
/// with `argument: (any Animal).self`. Our throwing resolve and operators find it anyway.
@Suite("Existential arguments")
struct ExistentialArgumentTests {
    private func container() -> Container {
        let container = Container()
        container.autoregister((any Person).self, argument: (any Animal).self, initializer: PetOwner.init(pet:))
        return container
    }

    @Test func swinjectMissesAnOpenedExistential() {
        let container = container()
        let animal: any Animal = Cat(name: "Mimi")
        #expect(container.resolve((any Person).self, argument: animal) == nil)
        #expect(container.resolve((any Person).self, argument: animal as any Animal) != nil)
    }

    @Test func resolveOrThrowFindsTheRegistration() throws {
        let container = container()
        let animal: any Animal = Cat(name: "Mimi")
        let person = try container.resolveOrThrow((any Person).self, argument: animal)
        #expect((person as? PetOwner)?.pet.name == "Mimi")
    }

    @Test func twoArgumentsWithAnOpenedExistential() throws {
        let container = Container()
        container.autoregister(
            (any Person).self,
            arguments: String.self,
            (any Animal).self,
            initializer: PetOwner.init(name:pet:)
        )
        let animal: any Animal = Dog(name: "Rex")
        #expect(container.resolve((any Person).self, arguments: "Ann", animal) == nil)
        let person = try container.resolveOrThrow((any Person).self, arguments: "Ann", animal)
        #expect((person as? PetOwner)?.pet.name == "Rex")
    }

    @Test func missReportsTheDynamicTypeAndSuggestsTheCast() throws {
        let container = Container()
        container.register((any Person).self) { (_, animal: any Animal) in PetOwner(pet: animal) }
        container.enableRegistrationTracking()
        let animal: any Animal = Cat(name: "Mimi")
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow((any Person).self, argument: animal)
        }
        let message = try #require(error?.description)
        #expect(message.contains("argument 1 has dynamic type Cat but the registration expects Animal"))
        #expect(message.contains("as Animal"))
        #expect(message.contains("Person with arguments (Animal)"))
    }

    @Test func unknownArgumentTypeIsNotRegistered() throws {
        let container = container()
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow((any Person).self, argument: 42)
        }
        #expect(error?.description.contains("dynamic type Int") == true)
        #expect(throws: ResolutionError.notRegistered) {
            try container.resolveOrThrow((any Person).self, name: "other", argument: 42)
        }
    }
}
