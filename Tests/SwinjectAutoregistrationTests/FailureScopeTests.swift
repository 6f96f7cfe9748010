import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Failure records belong to one resolution")
struct FailureScopeTests {
    private func brokenApp() -> Container {
        let container = Container()
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        return container
    }

    @Test func aPlainResolveLeavesNoFailureForTheNextRequest() throws {
        let container = brokenApp()
        #expect(container.resolve(App.self) == nil)
        // App is not registered with an Int argument: that, not the missing configuration, is the answer.
        let error = #expect(throws: ResolutionError.notRegistered) {
            try container.resolveOrThrow(App.self, argument: 5)
        }
        #expect(error?.description.contains("URLSessionConfiguration") == false)
    }

    @Test func variantWithTwoArgumentsAfterAPlainResolveOfADependency() {
        let container = brokenApp()
        #expect(container.resolve(Session.self) == nil)
        #expect(throws: ResolutionError.notRegistered) {
            try container.resolveOrThrow(Session.self, arguments: 1, "x")
        }
    }

    @Test func anyAsServiceTypeIsRefusedInsteadOfReturningAMarker() throws {
        let container = Container()
        container.autoregister(Any.self, initializer: Session.init).inObjectScope(.container)
        #expect(container.resolve(Any.self) == nil)
        #expect(container.resolve(Any.self) == nil)
        let error = #expect(throws: ResolutionError.unsupportedServiceType) { try container.resolveOrThrow(Any.self) }
        #expect(error?.description.contains("every value converts to Any") == true)
        let verification = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(verification?.issues.map(\.code) == [.unsupportedServiceType])
    }

    @Test func variantWithAnySendableAndAllDependenciesPresent() {
        let container = Container()
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        container.autoregister((any Sendable).self, name: "s", initializer: Session.init)
        #expect(container.resolve((any Sendable).self, name: "s") == nil)
        #expect(throws: ResolutionError.unsupportedServiceType) {
            try container.resolveOrThrow((any Sendable).self, name: "s")
        }
    }
}

@Suite("Failure paths use only what tracking already knows")
struct UntrackedContainerTests {
    @Test func anUntrackedContainerSaysItsRegistrationsWereNotVisible() throws {
        let container = Container()
        container.register(Leaf.self, name: "green") { _ in Leaf() }
        let error = #expect(throws: ResolutionError.notRegistered) { try container.resolveOrThrow(Leaf.self) }
        let message = try #require(error?.description)
        #expect(message.contains("registrations made before tracking started are not listed"))
        #expect(!message.contains("registrations of Leaf that exist"))
        // The failure path started no tracking: a second failure says the same.
        let again = #expect(throws: ResolutionError.notRegistered) { try container.resolveOrThrow(Leaf.self) }
        #expect(again?.description == message)
    }

    @Test func variantAfterEnablingTrackingListsEarlierRegistrations() throws {
        let container = Container()
        container.register(Leaf.self, name: "green") { _ in Leaf() }
        container.enableRegistrationTracking()
        let error = #expect(throws: ResolutionError.notRegistered) { try container.resolveOrThrow(Leaf.self) }
        let message = try #require(error?.description)
        #expect(message.contains("registrations of Leaf that exist:"))
        #expect(message.contains("Leaf (name: \"green\")"))
        #expect(!message.contains("not listed"))
    }
}
