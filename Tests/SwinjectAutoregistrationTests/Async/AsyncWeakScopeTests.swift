import Swinject
import SwinjectAutoregistration
import Testing

/// A value service: `.weak` cannot hold it, so each resolve makes a new one.
private struct Settings: Sendable {
    let revision: Int
}

/// A main-actor service for the `.weak` scope.
@MainActor private final class Screen {
    let number: Int
    init(number: Int) { self.number = number }
}

@Suite("Async registrations: the weak scope")
struct AsyncWeakScopeTests {
    /// The instance lives while someone holds it; released, the next resolve creates another.
    @Test func weakScopeKeepsTheInstanceWhileItIsHeld() async throws {
        let container = Container()
        let creations = CallCounter()
        container.registerAsync(Pool.self) { _ in Pool(id: creations.increment()) }
            .inObjectScope(.weak)
        var held: Pool? = try await container.resolveAsync(Pool.self)
        #expect(try await container.resolveAsync(Pool.self) === held)
        #expect(creations.value == 1)
        held = nil
        let next = try await container.resolveAsync(Pool.self)
        #expect(next.id == 2)
        #expect(creations.value == 2)
        #expect(try await container.resolveAsync(Pool.self) === next)
    }

    /// Concurrent first requests of a `.weak` service await one creation; a child container shares
    /// it, as with `.container`.
    @Test func concurrentRequestsOfAWeakServiceShareOneCreation() async throws {
        let container = Container()
        let creations = CallCounter()
        container.registerAsync(Pool.self) { _ in
            let id = creations.increment()
            // Keeps the creation in flight while the other tasks ask.
            try await Task.sleep(for: .milliseconds(20))
            return Pool(id: id)
        }
        .inObjectScope(.weak)
        let resolver = Container(parent: container).sendableResolver()
        // The collected instances hold the one created, so later requests find it alive.
        let pools = try await withThrowingTaskGroup(of: Pool.self) { group in
            for _ in 0..<500 {
                group.addTask { try await resolver.resolveAsync(Pool.self) }
            }
            return try await group.reduce(into: [Pool]()) { $0.append($1) }
        }
        #expect(creations.value == 1)
        #expect(Set(pools.map(\.id)) == [1])
    }

    /// Variant: a value cannot be held weakly, so each resolve creates one, as Swinject's `.weak`
    /// does; the entry reports its scope.
    @Test func aWeakValueServiceIsCreatedForEachResolve() async throws {
        let container = Container()
        let creations = CallCounter()
        let entry = container.registerAsync(Settings.self) { _ in Settings(revision: creations.increment()) }
            .inObjectScope(.weak)
        #expect(entry.objectScope == .weak)
        #expect(entry.objectScope.description == "weak")
        #expect(try await container.resolveAsync(Settings.self).revision == 1)
        #expect(try await container.resolveAsync(Settings.self).revision == 2)
    }

    /// Variant: an async autoregistration and a main-actor registration in the `.weak` scope.
    @MainActor @Test func autoregisteredAndMainActorServicesHonourTheWeakScope() async throws {
        let container = Container()
        container.register(Credentials.self) { _ in Credentials(secret: "s") }
        container.registerAsync(Pool.self) { _ in Pool(id: 1) }.inObjectScope(.container)
        let services = CallCounter()
        container.autoregister(APIService.self) { (pool: Pool, credentials: Credentials) async in
            services.increment()
            return APIService(pool: pool, credentials: credentials)
        }
        .inObjectScope(.weak)
        var api: APIService? = try await container.resolveAsync(APIService.self)
        #expect(try await container.resolveAsync(APIService.self) === api)
        #expect(services.value == 1)
        api = nil
        _ = try await container.resolveAsync(APIService.self)
        #expect(services.value == 2)

        let screens = CallCounter()
        container.registerMainActor(Screen.self) { @MainActor _ in Screen(number: screens.increment()) }
            .inObjectScope(.weak)
        var screen: Screen? = try container.resolveMainActor(Screen.self)
        #expect(try container.resolveMainActor(Screen.self) === screen)
        screen = nil
        #expect(try container.resolveMainActor(Screen.self).number == 2)
    }
}
