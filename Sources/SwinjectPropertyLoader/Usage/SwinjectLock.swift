import Swinject
import SwinjectKitSupport

/// Runs code under the lock Swinject's synchronized resolvers take.
///
/// Every container of a lineage shares one recursive lock, which a synchronized view
/// (`synchronize()`) holds while it resolves. Swinject does not expose it, but
/// `withObjectGraph(_:closure:)` on a synchronized view runs its closure holding it. The graph
/// identifier it needs is obtained once, by resolving `GraphIdentifier` inside a factory, the
/// one public way Swinject hands one out.
enum SwinjectLock {
    private final class Probe {}

    /// `@unchecked Sendable`: a `GraphIdentifier` is an immutable struct holding one number
    /// (Swinject 2.10 does not mark it).
    private struct Graph: @unchecked Sendable {
        let identifier: GraphIdentifier
    }

    private static let graph: Graph? = {
        let container = Container()
        let box = LockedValue<GraphIdentifier?>(nil)
        container.register(Probe.self) { r in
            let identifier = r.resolve(GraphIdentifier.self)
            box.withLock { $0 = identifier }
            return Probe()
        }
        _ = container.resolve(Probe.self)
        return box.withLock { $0 }.map(Graph.init)
    }()

    /// Runs `body` holding the lock of `container`'s lineage.
    static func run(on container: Container, _ body: () -> Void) {
        guard let graph, let synchronized = container.synchronize() as? Container else {
            body()
            return
        }
        synchronized.withObjectGraph(graph.identifier) { _ in body() }
    }
}
