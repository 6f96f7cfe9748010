import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Failures that explain themselves")
struct FailureMessageTests {
    /// App → APIClient → Session → URLSessionConfiguration, with the configuration missing.
    private func brokenApp() -> Container {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        return container
    }

    @Test func plainResolveReturnsNilInsteadOfTrapping() {
        #expect(brokenApp().resolve(App.self) == nil)
    }

    @Test func missingDependencyThreeLevelsDown() throws {
        let container = brokenApp()
        let error = #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(App.self) }
        let failure = try #require(error)
        #expect(failure.chain == ["App", "APIClient", "Session", "URLSessionConfiguration"])
        let message = failure.description
        #expect(message.contains("App → APIClient → Session → URLSessionConfiguration (not registered)"))
        #expect(message.contains("service being built: Session, name: none"))
        #expect(message.contains("initializer: (URLSessionConfiguration) -> Session"))
        #expect(message.contains("missing dependency: URLSessionConfiguration, name: none"))
    }

    @Test func theFailureIsReportedAgainOnTheNextAttempt() {
        let container = brokenApp()
        #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(App.self) }
        #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(APIClient.self) }
    }

    @Test func namedServiceInTheChain() throws {
        let container = Container()
        container.autoregister(Session.self, name: "background", initializer: Session.init)
        container.register(URLSessionConfiguration.self, name: "ephemeral") { _ in URLSessionConfiguration() }
        container.register(URLSessionConfiguration.self) { (_, _: String) in URLSessionConfiguration() }
        let error = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(Session.self, name: "background")
        }
        let message = try #require(error?.description)
        #expect(message.contains("service being built: Session, name: \"background\""))
        #expect(message.contains("Session (name: \"background\") → URLSessionConfiguration (not registered)"))
        #expect(message.contains("registrations of URLSessionConfiguration that exist:"))
        #expect(message.contains("URLSessionConfiguration (name: \"ephemeral\")"))
        #expect(message.contains("URLSessionConfiguration with arguments (String)"))
    }

    @Test func argumentOnlyDependencyIsNamedAsSuch() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init)
        container.register(URLSessionConfiguration.self) { (_, _: String) in URLSessionConfiguration() }
        let error = #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(Session.self) }
        let message = try #require(error?.description)
        #expect(message.contains("Session → URLSessionConfiguration (registered only with arguments)"))
    }

    @Test func notRegisteredListsOtherNames() throws {
        let container = Container()
        container.autoregister(Leaf.self, name: "green", initializer: Leaf.init)
        let error = #expect(throws: ResolutionError.notRegistered) { try container.resolveOrThrow(Leaf.self) }
        let message = try #require(error?.description)
        #expect(message.contains("Cannot resolve Leaf: it is not registered (without arguments)."))
        #expect(message.contains("Leaf (name: \"green\")"))
    }

    @Test func argumentRegistrationWithMissingDependency() throws {
        let container = Container()
        container.autoregister(
            Veterinarian.self,
            arguments: String.self,
            Int.self,
            initializer: Veterinarian.init
        )
        let error = #expect(throws: ResolutionError.missingDependency) {
            try container.resolveOrThrow(Veterinarian.self, arguments: "Vet", 3)
        }
        let message = try #require(error?.description)
        #expect(message.contains("initializer: (String, Int, Animal) -> Veterinarian"))
        #expect(message.contains("Veterinarian → Animal (not registered)"))
    }

    @Test func worksThroughChildAndSynchronizedContainers() throws {
        let parent = brokenApp()
        let child = Container(parent: parent)
        #expect(throws: ResolutionError.missingDependency) { try child.resolveOrThrow(App.self) }
        child.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        #expect(child.resolve(App.self) != nil)
        let synchronized = child.synchronize()
        let app = try synchronized.resolveOrThrow(App.self)
        #expect(
            app.client.session.configuration
                === child.resolve(URLSessionConfiguration.self).map { _ in app.client.session.configuration })
    }
}
