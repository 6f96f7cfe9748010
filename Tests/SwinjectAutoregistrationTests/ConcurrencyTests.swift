import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Failures across threads and scopes")
struct ConcurrencyTests {
    @Test func failuresStayOnTheirThread() async {
        let container = Container()
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init)
        container.autoregister(Leaf.self, initializer: Leaf.init)
        container.autoregister(Pair.self, initializer: Pair.init)
        let chains = await withTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                // Each task gets its own synchronized view; the lock is shared with the container.
                let resolver = UncheckedResolver(container.synchronize())
                group.addTask {
                    let service: Any.Type = index.isMultiple(of: 2) ? App.self : Pair.self
                    do throws(ResolutionError) {
                        if service == App.self {
                            _ = try resolver.value.resolveOrThrow(App.self)
                        } else {
                            _ = try resolver.value.resolveOrThrow(Pair.self)
                        }
                        return []
                    } catch {
                        return error.chain
                    }
                }
            }
            var all: [[String]] = []
            for await chain in group { all.append(chain) }
            return all
        }
        #expect(chains.count == 64)
        #expect(chains.filter { $0 == ["App", "APIClient", "Session", "URLSessionConfiguration"] }.count == 32)
        #expect(chains.filter { $0 == ["Pair", "Cat"] }.count == 32)
    }

    @Test func containerScopedServiceRecoversOnceTheDependencyIsRegistered() throws {
        let container = Container()
        container.autoregister(Session.self, initializer: Session.init).inObjectScope(.container)
        #expect(container.resolve(Session.self) == nil)
        #expect(container.resolve(Session.self) == nil)
        container.register(URLSessionConfiguration.self) { _ in URLSessionConfiguration() }
        let first = try container.resolveOrThrow(Session.self)
        #expect(first === container.resolve(Session.self))
    }
}

/// Carries a synchronized resolver into a task. Swinject's `Resolver` is not `Sendable`; the
/// resolver returned by `synchronize()` serializes every call with the container's lock.
private struct UncheckedResolver: @unchecked Sendable {
    let value: any Resolver
    init(_ value: any Resolver) { self.value = value }
}
