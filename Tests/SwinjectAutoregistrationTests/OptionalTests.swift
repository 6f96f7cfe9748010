import Swinject
import Testing

@testable import SwinjectAutoregistration

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
        _ = try container.verify()
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

/// `DependencyInfo` tells optionals from the metadata kind word (no conformance lookup); every
/// other kind of type must read as required, and an optional of any kind as optional of it.
@Suite("Optional parameter detection")
struct OptionalParameterDetectionTests {
    struct Point { let x: Int }
    enum Direction { case up, down }
    protocol Shape {}

    static let required: [Any.Type] = [
        Cat.self, Int.self, String.self, Point.self, Direction.self, (any Shape).self, (any Animal).self,
        (Int, String).self, ((Int) -> Int).self, Cat.Type.self, [Int].self, [String: Cat].self, Any.self,
        AnyObject.self, Result<Int, any Error>.self,
    ]

    @Test(arguments: required)
    func requiredTypes(_ type: Any.Type) {
        let info = DependencyInfo(type)
        #expect(!info.isOptional)
        #expect(ObjectIdentifier(info.lookupType) == ObjectIdentifier(type))
    }

    @Test func optionalsOfEveryKind() {
        let pairs: [(Any.Type, Any.Type)] = [
            (Cat?.self, Cat.self), (Int?.self, Int.self), (Point?.self, Point.self),
            ((any Shape)?.self, (any Shape).self), ((Int, String)?.self, (Int, String).self),
            (((Int) -> Int)?.self, ((Int) -> Int).self), (Cat??.self, Cat?.self), (Any?.self, Any.self),
        ]
        for (type, wrapped) in pairs {
            let info = DependencyInfo(type)
            #expect(info.isOptional, "\(type)")
            #expect(ObjectIdentifier(info.lookupType) == ObjectIdentifier(wrapped), "\(type)")
        }
    }
}
