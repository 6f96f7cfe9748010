import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import Testing

/// `@Injected` and `Injector.get` inside a unit of work share the unit's `.request` instances with
/// the container's own resolves.
@Suite struct RequestScopeInjectionTests {
    final class Transaction: Sendable {}

    enum Injectors {
        static let requests: Injector = {
            let injector = Injector(label: "requests")
            injector.container.register(Transaction.self) { _ in Transaction() }.inObjectScope(.request)
            return injector
        }()
    }

    struct Handler {
        @Injected(injector: Injectors.requests) var transaction: Transaction
    }

    @Test func injectedPropertiesShareTheUnitsInstance() async throws {
        let container = Injectors.requests.container
        let (first, second, resolved) = try await container.withScope {
            let first = Handler().transaction
            await Task.yield()
            let second = try Injectors.requests.get(Transaction.self)
            return (first, second, try container.resolveOrThrow(Transaction.self))
        }
        #expect(first === second)
        #expect(first === resolved)
        let next = container.withScope { Handler().transaction }
        #expect(next !== first)
    }
}
