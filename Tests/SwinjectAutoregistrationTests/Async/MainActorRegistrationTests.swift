import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Main-actor registrations")
struct MainActorRegistrationTests {
    @MainActor @Test func resolvesSynchronouslyOnTheMainActor() throws {
        let container = Container()
        container.register(ProfileAPI.self) { _ in ProfileAPI() }
        container.registerMainActor(ProfileViewModel.self) { @MainActor r in
            ProfileViewModel(api: r.resolve(ProfileAPI.self))
        }
        .inObjectScope(.container)
        let model = try container.resolveMainActor(ProfileViewModel.self)
        #expect(model.api != nil)
        #expect(try container.resolveMainActor(ProfileViewModel.self) === model)
        MainActor.assumeIsolated { model.title = "Profile" }
        #expect(model.title == "Profile")
    }

    @Test func resolvesFromANonisolatedTask() async throws {
        let container = Container()
        let creations = CallCounter()
        container.registerMainActor(ProfileViewModel.self) { @MainActor _ in
            creations.increment()
            return ProfileViewModel(api: nil)
        }
        .inObjectScope(.container)
        let resolver = container.sendableResolver()
        let models = try await withThrowingTaskGroup(of: ProfileViewModel.self) { group in
            for _ in 0..<20 {
                group.addTask { try await resolver.resolveOnMainActor(ProfileViewModel.self) }
            }
            return try await group.reduce(into: [ProfileViewModel]()) { $0.append($1) }
        }
        #expect(creations.value == 1)
        #expect(models.allSatisfy { $0 === models[0] })
        let detached = try await Task.detached { try await resolver.resolveOnMainActor(ProfileViewModel.self) }.value
        #expect(detached === models[0])
    }

    @Test func anAsyncFactoryAwaitsAMainActorDependency() async throws {
        let container = Container()
        container.registerMainActor(ProfileViewModel.self) { @MainActor _ in ProfileViewModel(api: ProfileAPI()) }
        container.registerAsync(ProfileScreen.self) { r in
            ProfileScreen(model: try await r.resolveAsync(ProfileViewModel.self))
        }
        let screen = try await container.resolveAsync(ProfileScreen.self)
        #expect(screen.model.api != nil)
    }

    @Test func aSynchronousResolveNamesTheMainActorCalls() throws {
        let container = Container()
        container.registerMainActor(ProfileViewModel.self) { @MainActor _ in ProfileViewModel(api: nil) }
        // Called outside `#require`, whose expansion would give the call its own line.
        let line = #line + 1
        let result = Result { () throws(ResolutionError) in try container.resolveOrThrow(ProfileViewModel.self) }
        guard case .failure(let error) = result else {
            Issue.record("resolved a service registered only async")
            return
        }
        #expect(error.code == .asyncOnlyRegistration)
        #expect(
            error.description
                == "Cannot resolve ProfileViewModel: it is registered only with registerMainActor, which a "
                + "synchronous resolve cannot run. Resolve it with "
                + "`try await container.resolveOnMainActor(ProfileViewModel.self)`, or on the main actor with "
                + "`try container.resolveMainActor(ProfileViewModel.self)`. "
                + "[at SwinjectAutoregistrationTests/MainActorRegistrationTests.swift:\(line)]")
    }

    @MainActor @Test func resolveMainActorOfAnAsyncRegistrationNamesResolveAsync() throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in Pool(id: 1) }
        let error = try #require(throws: ResolutionError.asyncOnlyRegistration) {
            try container.resolveMainActor(Pool.self)
        }
        #expect(error.description.contains("`try await container.resolveAsync(Pool.self)`"))
    }
}

final class ProfileAPI: Sendable {}

@MainActor final class ProfileViewModel {
    let api: ProfileAPI?
    var title = ""

    init(api: ProfileAPI?) {
        self.api = api
    }
}

final class ProfileScreen: Sendable {
    let model: ProfileViewModel

    init(model: ProfileViewModel) {
        self.model = model
    }
}
