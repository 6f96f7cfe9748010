import Swinject
import SwinjectKitTesting
import Testing

@Suite struct ContainerOverrideTests {
    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("container") }
        })
    func effectiveContainerResolvesTheOverride() {
        #expect(Shared.container.effective.resolve((any Clock).self)?.name == "container")
    }

    /// A factory registered on the original container resolves its dependencies from the child.
    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("dependency") }
        })
    func factoriesOfTheOriginalContainerSeeTheOverride() {
        #expect(Shared.container.effective.resolve(Scheduler.self)?.clock?.name == "dependency")
    }

    /// Swinject's own `resolve` on the original container sees the override too, through the
    /// storage hook; the original container's registrations are never changed.
    @Test(
        .overriding(Shared.container) { child in
            child.register((any Clock).self) { _ in TestClock("plain") }
        })
    func plainResolveOfTheOriginalContainerSeesTheOverride() {
        #expect(Shared.container.resolve((any Clock).self)?.name == "plain")
        #expect(Shared.container.resolve(Scheduler.self)?.clock?.name == "plain")
    }

    @Test func outsideAScopeEffectiveIsTheContainerItself() {
        #expect(Shared.container.effective === Shared.container)
    }

    /// Variant through the scoped helper: scopes nest, the inner one wins and sees the outer one's
    /// registrations.
    @Test func scopesNest() throws {
        try withOverrides(
            .container(Shared.container) { child in
                child.register((any Clock).self) { _ in TestClock("outer") }
                child.register(Token.self) { _ in Token(1) }
            }
        ) {
            try withOverrides(
                .container(Shared.container) { $0.register((any Clock).self) { _ in TestClock("inner") } }
            ) {
                #expect(Shared.container.effective.resolve((any Clock).self)?.name == "inner")
                #expect(Shared.container.effective.resolve(Token.self)?.value == 1)
            }
            #expect(Shared.container.effective.resolve((any Clock).self)?.name == "outer")
        }
        #expect(Shared.container.effective.resolve(Token.self)?.value == -1)
    }
}
