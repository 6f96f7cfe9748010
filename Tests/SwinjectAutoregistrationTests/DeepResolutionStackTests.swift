import Swinject
import SwinjectAutoregistration
import Testing

/// A service some level of a deep chain resolves as an existential, so a chain can loop back to
/// its top.
protocol DeepLooping: AnyObject {}

/// The bottom of a chain that ends.
final class DeepLeaf {
    init() {}
}

/// The bottom of a chain that loops back to its top through ``DeepLooping``.
final class DeepBack {
    let loop: any DeepLooping
    init(loop: any DeepLooping) { self.loop = loop }
}

/// One level of a chain: a distinct type per depth (`DeepNode<DeepNode<…>>`).
final class DeepNode<Next>: DeepLooping {
    let next: Next
    init(next: Next) { self.next = next }
}

/// Autoregisters `levels` nested ``DeepNode`` types above `Bottom`; returns a resolve of the top
/// one, and registers the top as ``DeepLooping`` when `loopsBack`.
private func registerChain<Bottom>(
    _ container: Container,
    above bottom: Bottom.Type,
    levels: Int,
    loopsBack: Bool
) -> (any Resolver) throws -> Any {
    container.autoregister(DeepNode<Bottom>.self, initializer: DeepNode<Bottom>.init)
    guard levels > 1 else {
        if loopsBack {
            container.autoregister((any DeepLooping).self) { (top: DeepNode<Bottom>) -> any DeepLooping in top }
        }
        return { try $0.resolveOrThrow(DeepNode<Bottom>.self) }
    }
    return registerChain(container, above: DeepNode<Bottom>.self, levels: levels - 1, loopsBack: loopsBack)
}

/// A stack of running autoregistered factories deeper than the per-thread stack's first capacity
/// (16 frames) grows; a cycle found that deep still fails with its chain.
@Suite("Autoregistered chains deeper than the resolution stack's first capacity")
struct DeepResolutionStackTests {
    @Test func chainOfFortyLevelsResolvesTwice() throws {
        let container = Container()
        container.autoregister(DeepLeaf.self, initializer: DeepLeaf.init)
        let resolveTop = registerChain(container, above: DeepLeaf.self, levels: 40, loopsBack: false)
        _ = try resolveTop(container)
        // The stack is empty again after the first resolve and serves the second from the start.
        _ = try resolveTop(container)
    }

    @Test func cycleBelowFortyLevelsFailsWithTheWholeChain() throws {
        let container = Container()
        container.autoregister(DeepBack.self, initializer: DeepBack.init)
        let resolveTop = registerChain(container, above: DeepBack.self, levels: 40, loopsBack: true)
        let error = #expect(throws: ResolutionError.cycle) { try resolveTop(container) }
        let failure = try #require(error)
        // Outermost first: the top node, forty levels, the bottom, the looping service, the top.
        #expect(failure.chain.count > 40)
        #expect(failure.chain.first == failure.chain.last)
        #expect(failure.chain.contains("DeepBack"))
        #expect(failure.description.contains("Dependency cycle of length"))
    }

    @Test func concurrentDeepResolvesKeepTheirOwnStacks() async {
        let container = Container()
        container.autoregister(DeepLeaf.self, initializer: DeepLeaf.init)
        let resolveTop = registerChain(container, above: DeepLeaf.self, levels: 20, loopsBack: false)
        let looping = Container()
        looping.autoregister(DeepBack.self, initializer: DeepBack.init)
        let resolveLoop = registerChain(looping, above: DeepBack.self, levels: 20, loopsBack: true)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<32 {
                let request =
                    index.isMultiple(of: 2)
                    ? DeepRequest(resolver: container.synchronize(), resolve: resolveTop)
                    : DeepRequest(resolver: looping.synchronize(), resolve: resolveLoop)
                group.addTask {
                    do {
                        _ = try request.resolve(request.resolver)
                        return "built"
                    } catch let error as ResolutionError {
                        return error.code == .cycle ? "cycle" : "other"
                    } catch {
                        return "other"
                    }
                }
            }
            var all: [String] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.filter { $0 == "built" }.count == 16)
        #expect(outcomes.filter { $0 == "cycle" }.count == 16)
    }
}

/// Carries a synchronized resolver and a resolve of a chain's top into a task. Swinject's
/// `Resolver` is not `Sendable`; the resolver returned by `synchronize()` serializes every call
/// with the container's lock.
private struct DeepRequest: @unchecked Sendable {
    let resolver: any Resolver
    let resolve: (any Resolver) throws -> Any
}
