import Swinject
import SwinjectAutoregistration
import Testing

/// The same guarantees as ``SendableResolverObserverTests``, through the public API alone: every
/// registration reaches both the manifest (`verify()`, `dependencyGraph()`) and a running
/// `sendableResolver()`, and a container made where a freed one was keeps its own manifest.
@Suite("SendableResolver and the manifest observe registrations, public API")
struct SendableResolverObserverPublicTests {
    @Test func aLateRegistrationFailsTheResolverAndShowsInTheGraph() throws {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init)
        let resolver = container.sendableResolver()
        container.autoregister(Cat.self) { Cat(name: "Tom") }
        container.autoregister(Pair.self, initializer: Pair.init)
        #expect(throws: ResolutionError.registeredAfterStart) { try resolver.resolveOrThrow(Leaf.self) }
        let graph = container.dependencyGraph().mermaid
        #expect(graph.contains("Pair") && graph.contains("Cat") && graph.contains("Leaf"))
        _ = try container.verify()
    }

    @Test func aContainerMadeWhereAFreedOneWasVerifiesItsOwnRegistrations() throws {
        // Each container registers a service whose dependency only it has; a registration filed
        // in another container's manifest would make `verify()` report a missing dependency or
        // leave this one's graph without it.
        for index in 0..<100 {
            let container = Container()
            if index.isMultiple(of: 2) {
                container.autoregister(Leaf.self, initializer: Leaf.init)
                container.autoregister(Cat.self) { Cat(name: "Tom") }
                container.autoregister(Pair.self, initializer: Pair.init)
                #expect(container.dependencyGraph().mermaid.contains("Pair"))
            } else {
                container.autoregister(Leaf.self, initializer: Leaf.init)
                #expect(!container.dependencyGraph().mermaid.contains("Pair"))
            }
            _ = try container.verify()
        }
    }
}
