import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Autoregistration arities")
struct ArityTests {
    private func registerDependencies(_ container: Container, count: Int) {
        let all: [(Container) -> Void] = [
            { $0.autoregister(Dep1.self, initializer: Dep1.init) },
            { $0.autoregister(Dep2.self, initializer: Dep2.init) },
            { $0.autoregister(Dep3.self, initializer: Dep3.init) },
            { $0.autoregister(Dep4.self, initializer: Dep4.init) },
            { $0.autoregister(Dep5.self, initializer: Dep5.init) },
            { $0.autoregister(Dep6.self, initializer: Dep6.init) },
            { $0.autoregister(Dep7.self, initializer: Dep7.init) },
            { $0.autoregister(Dep8.self, initializer: Dep8.init) },
            { $0.autoregister(Dep9.self, initializer: Dep9.init) },
            { $0.autoregister(Dep10.self, initializer: Dep10.init) },
            { $0.autoregister(Dep11.self, initializer: Dep11.init) },
            { $0.autoregister(Dep12.self, initializer: Dep12.init) },
            { $0.autoregister(Dep13.self, initializer: Dep13.init) },
            { $0.autoregister(Dep14.self, initializer: Dep14.init) },
            { $0.autoregister(Dep15.self, initializer: Dep15.init) },
            { $0.autoregister(Dep16.self, initializer: Dep16.init) },
            { $0.autoregister(Dep17.self, initializer: Dep17.init) },
            { $0.autoregister(Dep18.self, initializer: Dep18.init) },
            { $0.autoregister(Dep19.self, initializer: Dep19.init) },
            { $0.autoregister(Dep20.self, initializer: Dep20.init) },
            { $0.autoregister(Dep21.self, initializer: Dep21.init) },
            { $0.autoregister(Dep22.self, initializer: Dep22.init) },
            { $0.autoregister(Dep23.self, initializer: Dep23.init) },
            { $0.autoregister(Dep24.self, initializer: Dep24.init) },
            { $0.autoregister(Dep25.self, initializer: Dep25.init) },
            { $0.autoregister(Dep26.self, initializer: Dep26.init) },
            { $0.autoregister(Dep27.self, initializer: Dep27.init) },
            { $0.autoregister(Dep28.self, initializer: Dep28.init) },
            { $0.autoregister(Dep29.self, initializer: Dep29.init) },
            { $0.autoregister(Dep30.self, initializer: Dep30.init) },
        ]
        for register in all.prefix(count) { register(container) }
    }

    @Test func arityZero() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        #expect(container.resolve(Leaf.self) != nil)
    }

    @Test func arityOne() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister((any Person).self, initializer: PetOwner.init(pet:))
        let owner = try #require(container.resolve((any Person).self) as? PetOwner)
        #expect(owner.pet.name == "Mimi")
    }

    @Test func arityTwo() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.register(Cat.self) { _ in Cat(name: "Tom") }
        container.autoregister(Pair.self, initializer: Pair.init)
        let pair = try #require(container.resolve(Pair.self))
        #expect(pair.cat.name == "Tom")
    }

    @Test func arityTwenty() throws {
        let container = Container()
        registerDependencies(container, count: 20)
        container.autoregister(Service20.self, initializer: Service20.init)
        #expect(try container.resolveOrThrow(Service20.self).count == 20)
        _ = try container.verify()
    }

    @Test func arityThirty() throws {
        let container = Container()
        registerDependencies(container, count: 30)
        container.autoregister(Service30.self, initializer: Service30.init)
        #expect(try container.resolveOrThrow(Service30.self).count == 30)
        _ = try container.verify()
    }

    @Test func arityThirtyMissingLast() throws {
        let container = Container()
        registerDependencies(container, count: 29)
        container.autoregister(Service30.self, initializer: Service30.init)
        #expect(container.resolve(Service30.self) == nil)
        let error = #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(Service30.self) }
        #expect(error?.chain == ["Service30", "Dep30"])
    }

    @Test func namesAndScopes() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister((any Person).self, name: "johnny", initializer: PetOwner.init(pet:))
            .inObjectScope(.container)
        #expect(container.resolve((any Person).self) == nil)
        let first = try #require(container.resolve((any Person).self, name: "johnny"))
        let second = try #require(container.resolve((any Person).self, name: "johnny"))
        #expect(first === second)
    }

    @Test func severalInitializersPickByArity() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister((any Person).self, argument: String.self, initializer: PetOwner.init)
        let owner = try #require(container.resolve((any Person).self, argument: "Michael") as? PetOwner)
        #expect(owner.name == "Michael")
    }
}

/// The fixed-arity overloads take the initializer's parameters as `consuming`: initializers,
/// closures and function values with ordinary parameters must all still be accepted, and the
/// resolved dependencies must be handed over without being released one time too many.
@Suite("Consuming initializer parameters")
struct ConsumingInitializerTests {
    final class Engine {}
    final class Wheels {}
    final class Seats {}
    final class Car {
        let engine: Engine
        let wheels: Wheels
        let seats: Seats
        let plate: String
        init(engine: Engine, wheels: Wheels, seats: Seats, plate: String) {
            self.engine = engine
            self.wheels = wheels
            self.seats = seats
            self.plate = plate
        }
    }

    private func containerWithParts() -> Container {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
        container.register(Wheels.self) { _ in Wheels() }.inObjectScope(.container)
        container.register(Seats.self) { _ in Seats() }
        return container
    }

    @Test func functionValueWithOrdinaryParameters() throws {
        let container = containerWithParts()
        let build: (Engine, Wheels, Seats, String) -> Car = { Car(engine: $0, wheels: $1, seats: $2, plate: $3) }
        container.autoregister(Car.self, argument: String.self, initializer: build)
        let car = try #require(container.resolve(Car.self, argument: "B-123"))
        #expect(car.plate == "B-123")
    }

    @Test func closureLiteralWithoutArguments() throws {
        let container = containerWithParts()
        container.register(String.self) { _ in "unset" }
        container.autoregister(Car.self) { (engine: Engine, wheels: Wheels, seats: Seats, plate: String) in
            Car(engine: engine, wheels: wheels, seats: seats, plate: plate)
        }
        #expect(try container.resolveOrThrow(Car.self).plate == "unset")
    }

    @Test func sharedDependenciesSurviveManyResolves() throws {
        let container = containerWithParts()
        container.autoregister(Car.self, argument: String.self, initializer: Car.init)
        let engine = try #require(container.resolve(Engine.self))
        weak var firstSeats: Seats?
        for index in 0..<1_000 {
            let car = try #require(container.resolve(Car.self, argument: "car \(index)"))
            #expect(car.engine === engine)
            #expect(car.wheels === container.resolve(Wheels.self))
            if index == 0 { firstSeats = car.seats }
        }
        // The transient dependency of the first car went away with the car: not leaked.
        #expect(firstSeats == nil)
    }
}
