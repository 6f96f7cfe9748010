import Swinject
import SwinjectAutoregistration
import Testing

/// A service built from runtime arguments.
private final class UserSession: Sendable {
    let user: String
    let region: String
    let attempt: Int
    let pool: Pool?

    init(user: String, region: String, attempt: Int = 0, pool: Pool? = nil) {
        self.user = user
        self.region = region
        self.attempt = attempt
        self.pool = pool
    }
}

@Suite("SendableResolver: runtime arguments")
struct SendableResolverArgumentTests {
    /// Two and three runtime arguments reach async factories through a resolver that many tasks
    /// share, as they do through the container.
    @Test func resolveAsyncPassesTwoAndThreeArguments() async throws {
        let container = Container()
        container.registerAsync(UserSession.self) { (_: AsyncResolver, user: String, region: String) in
            UserSession(user: user, region: region)
        }
        container.registerAsync(UserSession.self, name: "retry") {
            (_: AsyncResolver, user: String, region: String, attempt: Int) in
            UserSession(user: user, region: region, attempt: attempt)
        }
        let resolver = container.sendableResolver()
        let sessions = try await withThrowingTaskGroup(of: UserSession.self) { group in
            for number in 0..<100 {
                group.addTask {
                    if number.isMultiple(of: 2) {
                        return try await resolver.resolveAsync(UserSession.self, arguments: "u\(number)", "eu")
                    }
                    return try await resolver.resolveAsync(
                        UserSession.self, name: "retry", arguments: "u\(number)", "us", number)
                }
            }
            return try await group.reduce(into: [UserSession]()) { $0.append($1) }
        }
        #expect(sessions.count == 100)
        for session in sessions {
            let number = try #require(Int(session.user.dropFirst()))
            #expect(session.region == (number.isMultiple(of: 2) ? "eu" : "us"))
            #expect(session.attempt == (number.isMultiple(of: 2) ? 0 : number))
        }
    }

    /// Variant: an async autoregistration with two runtime arguments and a resolved dependency,
    /// and synchronous Swinject registrations with two and three arguments, through the resolver.
    @Test func autoregisteredAndSynchronousRegistrationsTakeTheirArguments() async throws {
        let container = Container()
        container.registerAsync(Pool.self) { _ in Pool(id: 7) }.inObjectScope(.container)
        container.autoregister(UserSession.self, arguments: String.self, Int.self) {
            (user: String, attempt: Int, pool: Pool) async in
            UserSession(user: user, region: "auto", attempt: attempt, pool: pool)
        }
        container.register(Credentials.self) { (_, user: String, region: String) in
            Credentials(secret: "\(user)@\(region)")
        }
        container.register(Credentials.self) { (_, user: String, region: String, attempt: Int) in
            Credentials(secret: "\(user)@\(region)#\(attempt)")
        }
        let resolver = container.sendableResolver()
        let session = try await resolver.resolveAsync(UserSession.self, arguments: "ada", 3)
        #expect(session.user == "ada")
        #expect(session.attempt == 3)
        #expect(session.pool?.id == 7)
        #expect(resolver.resolve(Credentials.self, arguments: "ada", "eu")?.secret == "ada@eu")
        #expect(try resolver.resolveOrThrow(Credentials.self, arguments: "ada", "eu", 2).secret == "ada@eu#2")
        #expect(resolver.resolve(Credentials.self, arguments: "ada", "eu", 2)?.secret == "ada@eu#2")
        // Arguments of types no registration takes: nil, or an error naming the service.
        #expect(resolver.resolve(Credentials.self, arguments: 1, 2) == nil)
        let error = try #require(throws: ResolutionError.self) {
            try resolver.resolveOrThrow(Credentials.self, arguments: 1, 2, 3)
        }
        #expect(error.chain.first == "Credentials")
    }

    /// Variant: a registration made after the resolver started fails every arity, naming it.
    @Test func aLateRegistrationFailsResolvesWithArguments() async throws {
        let container = Container()
        container.registerAsync(UserSession.self) { (_: AsyncResolver, user: String, region: String) in
            UserSession(user: user, region: region)
        }
        let resolver = container.sendableResolver()
        container.register(Pool.self) { _ in Pool(id: 1) }
        await #expect(throws: ResolutionError.registeredAfterStart) {
            try await resolver.resolveAsync(UserSession.self, arguments: "ada", "eu")
        }
        #expect(throws: ResolutionError.registeredAfterStart) {
            try resolver.resolveOrThrow(Pool.self, arguments: "ada", "eu", 1)
        }
        #expect(resolver.resolve(Pool.self, arguments: "ada", "eu") == nil)
    }
}
