import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectKitTesting
import Testing

/// A container override reaches every SwinjectKit resolve entry point on the original container,
/// not only `container.effective`.
@Suite struct ContainerOverrideEntryPointTests {
    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("resolveOrThrow") }
        })
    func resolveOrThrowOnTheOriginalContainerSeesTheOverride() throws {
        #expect(try Shared.container.resolveOrThrow((any Clock).self).name == "resolveOrThrow")
        // A factory of the original container runs with the child as its resolver.
        #expect(try Shared.container.resolveOrThrow(Scheduler.self).clock?.name == "resolveOrThrow")
    }

    @Test(
        .overriding(Shared.container) { child in
            child.register(Token.self, name: "argument") { (_, value: Int) in Token(value * 10) }
        })
    func resolveOrThrowWithArgumentsSeesTheOverride() throws {
        #expect(try Shared.container.resolveOrThrow(Token.self, name: "argument", argument: 4).value == 40)
    }

    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("operator") }
        })
    func operatorOnTheOriginalContainerSeesTheOverride() {
        let clock: any Clock = Shared.container ~> (any Clock).self
        #expect(clock.name == "operator")
    }

    @Test func outsideTheScopeResolveOrThrowAnswersWithTheRealRegistration() throws {
        #expect(try Shared.container.resolveOrThrow((any Clock).self).name == "system")
    }

    /// An injector resolving a registration made with Swinject's API on its container sees an
    /// override of that container.
    @Test func injectorGetOfAContainerRegistrationSeesTheOverride() throws {
        let injector = Injector(label: "container-backed")
        injector.container.register(Token.self, name: "backed") { _ in Token(1) }
        let overridden = try withOverrides(
            .container(injector.container) { child in child.register(Token.self, name: "backed") { _ in Token(2) } }
        ) {
            try injector.get(Token.self, name: "backed").value
        }
        #expect(overridden == 2)
        #expect(try injector.get(Token.self, name: "backed").value == 1)
    }

    /// A missing override target still fails with the full error, naming the service.
    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("unrelated") }
        })
    func aMissingServiceInsideTheScopeStillExplainsItself() {
        #expect(throws: ResolutionError.self) {
            _ = try Shared.container.resolveOrThrow(String.self, name: "nowhere")
        }
    }
}
