import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Runtime arguments")
struct ArgumentTests {
    private func container() -> Container {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Registered") }
        return container
    }

    @Test func oneArgument() throws {
        let container = container()
        container.autoregister((any Person).self, argument: String.self, initializer: PetOwner.init(name:pet:))
        let owner = try #require(container.resolve((any Person).self, argument: "Michael") as? PetOwner)
        #expect(owner.name == "Michael")
        #expect(owner.pet.name == "Registered")
    }

    @Test func oneArgumentIsTheSecondParameter() throws {
        let container = container()
        container.autoregister((any Person).self, argument: (any Animal).self, initializer: PetOwner.init(name:pet:))
        container.register(String.self) { _ in "Resolved name" }
        let owner = try #require(
            container.resolve((any Person).self, argument: Dog(name: "Rex") as any Animal) as? PetOwner
        )
        #expect(owner.name == "Resolved name")
        #expect(owner.pet.name == "Rex")
    }

    @Test(arguments: [false, true])
    func twoArgumentsInEitherOrder(reversed: Bool) throws {
        let container = Container()
        if reversed {
            container.autoregister(
                (any Person).self,
                arguments: (any Animal).self,
                String.self,
                initializer: PetOwner.init(name:pet:)
            )
            let owner = try #require(
                container.resolve((any Person).self, arguments: Cat(name: "Mimi") as any Animal, "Ann") as? PetOwner
            )
            #expect(owner.name == "Ann" && owner.pet.name == "Mimi")
        } else {
            container.autoregister(
                (any Person).self,
                arguments: String.self,
                (any Animal).self,
                initializer: PetOwner.init(name:pet:)
            )
            let owner = try #require(
                container.resolve((any Person).self, arguments: "Ann", Cat(name: "Mimi") as any Animal) as? PetOwner
            )
            #expect(owner.name == "Ann" && owner.pet.name == "Mimi")
        }
    }

    @Test func twoOfThreeParametersAsArguments() throws {
        let container = container()
        container.autoregister(Veterinarian.self, arguments: Int.self, String.self, initializer: Veterinarian.init)
        let vet = try #require(container.resolve(Veterinarian.self, arguments: 12, "Dr. Who"))
        #expect(vet.name == "Dr. Who" && vet.years == 12 && vet.patient.name == "Registered")
    }

    /// Every permutation of the three argument types.
    @Test(arguments: 0..<6)
    func threeArgumentsInEveryOrder(permutation: Int) throws {
        let container = Container()
        let pet: any Animal = Cat(name: "Mimi")
        let vet: Veterinarian?
        switch permutation {
        case 0:
            container.autoregister(
                Veterinarian.self, arguments: String.self, Int.self, (any Animal).self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: "Vet", 7, pet as any Animal)
        case 1:
            container.autoregister(
                Veterinarian.self, arguments: String.self, (any Animal).self, Int.self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: "Vet", pet as any Animal, 7)
        case 2:
            container.autoregister(
                Veterinarian.self, arguments: Int.self, String.self, (any Animal).self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: 7, "Vet", pet as any Animal)
        case 3:
            container.autoregister(
                Veterinarian.self, arguments: Int.self, (any Animal).self, String.self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: 7, pet as any Animal, "Vet")
        case 4:
            container.autoregister(
                Veterinarian.self, arguments: (any Animal).self, String.self, Int.self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: pet as any Animal, "Vet", 7)
        default:
            container.autoregister(
                Veterinarian.self, arguments: (any Animal).self, Int.self, String.self, initializer: Veterinarian.init)
            vet = container.resolve(Veterinarian.self, arguments: pet as any Animal, 7, "Vet")
        }
        let resolved = try #require(vet)
        #expect(resolved.name == "Vet" && resolved.years == 7 && resolved.patient.name == "Mimi")
    }

    @Test func namedArgumentRegistration() throws {
        let container = container()
        container.autoregister(
            (any Person).self,
            name: "owner",
            argument: String.self,
            initializer: PetOwner.init(name:pet:)
        )
        #expect(container.resolve((any Person).self, argument: "A") == nil)
        #expect(container.resolve((any Person).self, name: "owner", argument: "A") != nil)
        #expect(try container.resolveOrThrow((any Person).self, name: "owner", argument: "A") is PetOwner)
    }

    @Test func duplicateArgumentTypesMakeAnUnusableRegistrationNotACrash() throws {
        let container = Container()
        container.autoregister(Veterinarian.self, arguments: String.self, String.self, initializer: Veterinarian.init)
        #expect(container.resolve(Veterinarian.self, arguments: "a", "b") == nil)
        let error = try #require(
            #expect(throws: ResolutionError.duplicateArgumentTypes) {
                try container.resolveOrThrow(Veterinarian.self, arguments: "a", "b")
            })
        #expect(error.description.contains("Cannot autoregister Veterinarian: two runtime arguments have type String"))
        let verification = try #require(#expect(throws: VerificationError.self) { try container.verify() })
        #expect(verification.issues.map(\.code) == [.duplicateArgumentTypes])
        #expect(verification.description.contains("two runtime arguments have type String"))
    }

    @Test func argumentWithoutMatchingParameterMakesAnUnusableRegistration() throws {
        let container = Container()
        container.autoregister((any Person).self, argument: Double.self, initializer: PetOwner.init(name:pet:))
        #expect(container.resolve((any Person).self, argument: 1.5) == nil)
        let error = try #require(
            #expect(throws: ResolutionError.unmatchedArgumentType) {
                try container.resolveOrThrow((any Person).self, argument: 1.5)
            })
        #expect(error.description.contains("no initializer parameter has type Double"))
        let verification = try #require(#expect(throws: VerificationError.self) { try container.verify() })
        #expect(verification.issues.map(\.code) == [.unmatchedArgumentType])
    }

    @Test func argumentSharedByTwoParametersMakesAnUnusableRegistration() throws {
        let container = Container()
        container.autoregister(Signpost.self, argument: String.self, initializer: Signpost.init)
        let error = try #require(
            #expect(throws: ResolutionError.duplicateArgumentTypes) {
                try container.resolveOrThrow(Signpost.self, argument: "a")
            })
        #expect(error.description.contains("2 initializer parameters have type String"))
    }
}
