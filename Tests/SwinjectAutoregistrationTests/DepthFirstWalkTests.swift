import Testing

@testable import SwinjectAutoregistration

/// A distinct type per level (`Level<Level<LevelRoot>>`, ...), so a test can build a graph of
/// any size without declaring a type per node.
private enum Level<Inner> {}
private enum LevelRoot {}

private func wrapped<Inner>(_ inner: Inner.Type) -> Any.Type { Level<Inner>.self }

/// `count` distinct types, made in a loop (no recursion on `count`).
private func distinctTypes(_ count: Int) -> [Any.Type] {
    var types: [Any.Type] = [LevelRoot.self]
    while types.count < count {
        types.append(_openExistential(types[types.count - 1], do: wrapped))
    }
    return types
}

/// The graph of `edges.count` autoregistered services; service `i` depends on the services
/// `edges[i]`, in order.
private func graph(_ edges: [[Int]]) -> ManifestGraph {
    let types = distinctTypes(edges.count)
    var manifest = Manifest()
    for type in types {
        manifest.record(
            ManifestRecord(
                serviceType: type, name: nil, argumentsType: noArgumentsType, entry: nil, autoregistration: nil))
    }
    for (index, type) in types.enumerated() {
        let info = AutoregistrationInfo(
            parameters: edges[index].map { DependencyInfo(types[$0]) }, argumentTypes: [], invoker: nil)
        manifest.attach(info, to: RegistrationKey(service: type, arguments: noArgumentsType, name: nil))
    }
    return ManifestGraph(manifest)
}

@Suite("The depth-first walk behind cycles() and dependencyOrder()")
struct DepthFirstWalkTests {
    /// A recursive walk would need a stack frame per service on the path: 100,000 of them.
    @Test func aCycleThroughAHundredThousandServicesNeedsNoDeepStack() {
        let count = 100_000
        let graph = graph((0..<count).map { [($0 + 1) % count] })
        #expect(graph.cycles() == [Array(0..<count)])
        #expect(graph.dependencyOrder() == Array((0..<count).reversed()))
    }

    @Test func variantWithADiamondASelfLoopAndALoneService() {
        // 0 needs 1 and 2, both need 3; 4 needs itself; 5 needs nothing.
        let graph = graph([[1, 2], [3], [3], [], [4], []])
        #expect(graph.cycles() == [[4]])
        #expect(graph.dependencyOrder() == [3, 1, 2, 0, 4, 5])
    }

    @Test func twoEdgesClosingOneCycleGiveItTwice() {
        // 0 needs 1, 1 needs 0 twice: one cycle per back edge (ManifestLabels reports it once).
        let graph = graph([[1], [0, 0]])
        #expect(graph.cycles() == [[0, 1], [0, 1]])
        #expect(graph.dependencyOrder() == [1, 0])
    }
}
