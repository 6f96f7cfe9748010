import Swinject
import SwinjectInjection
import Testing

/// An injector installs the Swinject forwarders of its registrations when its container is first
/// handed out; every way the container can be reached must see every registration made before.
/// Public API only.
@Suite("Forwarders installed when the container is handed out")
struct ContainerSharingTests {
    private final class Engine: Sendable {
        let size: Int
        init(_ size: Int) { self.size = size }
    }

    private final class Car: Sendable {
        let engine: Engine
        init(_ engine: Engine) { self.engine = engine }
    }

    @Test func registrationsMadeBeforeTheContainerIsReadResolveThroughSwinject() throws {
        let injector = Injector(label: "sharing")
        try injector.register(as: Engine.self, injection: .factory { Engine(2) })
        try injector.register(as: Engine.self, name: "big", injection: .singleton(Engine(8)))
        let container = injector.container
        #expect(container.resolve(Engine.self)?.size == 2)
        #expect(container.resolve(Engine.self, name: "big")?.size == 8)
        // A Swinject factory registered afterwards finds them too, through `get` and Swinject.
        container.register(Car.self) { r in Car(r.resolve(Engine.self, name: "big")!) }
        #expect(try injector.get(Car.self).engine.size == 8)
        #expect(container.resolve(Car.self)?.engine.size == 8)
    }

    @Test func registrationsAfterTheContainerWasHandedOutAreVisibleAtOnce() throws {
        let injector = Injector(label: "sharing")
        let assembler = Assembler(container: injector.container)
        try injector.register(as: Engine.self, injection: .factory { Engine(3) })
        #expect(assembler.resolver.resolve(Engine.self)?.size == 3)
        try injector.unregister(type: Engine.self)
        #expect(assembler.resolver.resolve(Engine.self) == nil)
    }

    @Test func aChildSeesItsParentsEarlierRegistrationsThroughSwinject() throws {
        let parent = Injector(label: "parent")
        try parent.register(as: Engine.self, injection: .factory { Engine(4) })
        let child = parent.makeChild()
        try parent.register(as: Engine.self, name: "later", injection: .factory { Engine(5) })
        child.container.register(Car.self) { r in Car(r.resolve(Engine.self)!) }
        #expect(try child.get(Car.self).engine.size == 4)
        #expect(child.container.resolve(Engine.self, name: "later")?.size == 5)
    }

    @Test func aSwinjectRegistrationReplacesAPendingOneAndRegisteringAgainThrows() throws {
        let injector = Injector(label: "sharing")
        try injector.register(as: Engine.self, injection: .factory { Engine(6) })
        injector.container.register(Engine.self) { _ in Engine(7) }
        #expect(try injector.get(Engine.self).size == 7)
        #expect(throws: InjectionError.alreadyRegistered) {
            try injector.register(as: Engine.self, injection: .factory { Engine(1) })
        }
    }
}
