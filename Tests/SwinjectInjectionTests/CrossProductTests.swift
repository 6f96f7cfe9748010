import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader
import Testing

private protocol Clock: AnyObject {
    var zone: String { get }
}

private final class ConfiguredClock: Clock {
    let zone: String
    init(zone: String) { self.zone = zone }
}

private final class Scheduler {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
}

/// The three products together: properties applied to an injector's container, an
/// autoregistered service that depends on an `Injection` registration, resolved through the injector.
@Suite struct CrossProductTests {
    @Test func propertiesOnAnInjectorsContainerReachInjectionFactories() throws {
        let injector = Injector(label: "app")
        try injector.container.applyPropertyLoader(JsonPropertyLoader(string: #"{"clock": {"zone": "UTC"}}"#))
        try injector.register(
            as: (any Clock).self,
            injection: .lazySingleton { ConfiguredClock(zone: injector.container.property("clock.zone") ?? "local") })
        #expect(try injector.get((any Clock).self).zone == "UTC")
    }

    @Test func autoregisteredServiceDependsOnAnInjectionRegistration() throws {
        let injector = Injector(label: "app")
        try injector.register(as: (any Clock).self, injection: .singleton(ConfiguredClock(zone: "CET")))
        injector.container.autoregister(Scheduler.self, initializer: Scheduler.init(clock:))
        _ = try injector.container.verify()
        let scheduler = try injector.get(Scheduler.self)
        #expect(scheduler.clock.zone == "CET")
        let viaContainer = try injector.container.resolveOrThrow(Scheduler.self)
        #expect(viaContainer.clock === scheduler.clock)
    }

    @Test func propertiesReadInsideAutoregisteredGraphsThroughTheInjector() throws {
        let injector = Injector()
        try injector.container.applyPropertyLoader(TomlPropertyLoader(string: "[clock]\nzone = \"PST\"\n"))
        injector.container.register((any Clock).self) { r in ConfiguredClock(zone: r.property("clock.zone") ?? "?") }
        injector.container.autoregister(Scheduler.self, initializer: Scheduler.init(clock:))
        #expect(injector[Scheduler.self]?.clock.zone == "PST")
    }
}
