import Swinject
import SwinjectInjection
import Testing

final class Consumer {
    let greeter: (any PGreeter)?
    init(greeter: (any PGreeter)?) { self.greeter = greeter }
}

@Suite struct SwinjectInteropTests {
    @Test func swinjectRegistrationsResolveThroughTheInjector() throws {
        let injector = Injector(label: "interop")
        injector.container.register((any PGreeter).self) { _ in Greeter("from Swinject") }
        #expect(injector.isRegistered(type: (any PGreeter).self))
        #expect(try injector.get((any PGreeter).self).greeting == "from Swinject")
        #expect(injector[(any PGreeter).self, name: "absent"] == nil)
    }

    @Test func injectionRegistrationsAreVisibleFromSwinjectFactories() throws {
        let injector = Injector(label: "interop")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("from Injection")))
        injector.container.register(Consumer.self) { r in
            Consumer(greeter: r.resolve((any PGreeter).self))
        }
        let consumer = try injector.get(Consumer.self)
        #expect(consumer.greeter?.greeting == "from Injection")
        #expect(injector.container.resolve((any PGreeter).self)?.greeting == "from Injection")

        try injector.unregister(type: (any PGreeter).self)
        #expect(try injector.get(Consumer.self).greeter == nil)
        #expect(injector.container.resolve((any PGreeter).self) == nil)
        #expect(throws: InjectionError.notRegistered) { try injector.get((any PGreeter).self) }
    }

    @Test func laterSwinjectRegistrationReplacesAnInjection() throws {
        let injector = Injector(label: "interop")
        try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("Injection")))
        injector.container.register((any PGreeter).self) { _ in Greeter("Swinject") }
        #expect(injector[(any PGreeter).self]?.greeting == "Swinject")
        #expect(throws: InjectionError.alreadyRegistered) {
            try injector.register(as: (any PGreeter).self, injection: .singleton(Greeter("again")))
        }
    }
}
