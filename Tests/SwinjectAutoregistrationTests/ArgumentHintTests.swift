import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Argument type hints suggest only casts that compile")
struct ArgumentHintTests {
    @Test func aCatPassedWhereAStringIsRegisteredGetsNoCast() throws {
        let container = Container()
        container.autoregister(Cat.self, argument: String.self, initializer: Cat.init(name:))
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow(Cat.self, argument: Cat(name: "Mimi"))
        }
        let message = try #require(error?.description)
        #expect(message.contains("argument 1 has dynamic type Cat but the registration expects String"))
        #expect(message.contains("a Cat does not convert to String"))
        #expect(!message.contains("value as String"))
    }

    @Test func variantWithAPlainRegistrationOfAProtocolArgument() throws {
        let container = Container()
        container.enableRegistrationTracking()
        container.register((any Person).self) { (_, pet: any Animal) in PetOwner(pet: pet) }
        let animal: any Animal = Cat(name: "Mimi")
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow((any Person).self, argument: animal)
        }
        let message = try #require(error?.description)
        #expect(message.contains("argument 1 has dynamic type Cat but the registration expects Animal"))
        #expect(
            message.contains(
                "write `value as Animal` (`value as any Animal` for a protocol with ExistentialAny) to pass the Cat as an Animal"
            ))
    }

    @Test func variantWithAPlainRegistrationOfAnUnrelatedType() throws {
        let container = Container()
        container.enableRegistrationTracking()
        container.register(Leaf.self) { (_, _: Int) in Leaf() }
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow(Leaf.self, argument: "7")
        }
        let message = try #require(error?.description)
        #expect(message.contains("a String does not convert to Int"))
    }

    /// A type name that starts with a vowel takes `an`.
    @Test func typeNamesThatStartWithAVowelTakeAn() throws {
        let container = Container()
        container.enableRegistrationTracking()
        container.register(Leaf.self) { (_, _: String) in Leaf() }
        let error = #expect(throws: ResolutionError.argumentTypeMismatch) {
            try container.resolveOrThrow(Leaf.self, argument: 7)
        }
        let message = try #require(error?.description)
        #expect(message.contains("an Int does not convert to String, so no cast helps; pass a String,"))
    }
}
