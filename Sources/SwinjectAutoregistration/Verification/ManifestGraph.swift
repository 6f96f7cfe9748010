/// The dependency graph of the registrations visible from a container, built from the manifest
/// alone (nothing is resolved). Building it is linear in registrations plus dependencies.
///
/// The graph holds only what finding problems needs: edges, unresolved dependencies, unusable
/// registrations and cycles. Names, chains and the other registrations of a missing type are
/// worked out by ``ManifestLabels`` and ``predecessors()``, and only when there is something
/// to report, so a clean `verify()` makes no allocation per record.
struct ManifestGraph {
    /// A required dependency with no unnamed, argument-free registration.
    struct Unresolved {
        let node: Int
        /// The type looked up (`Cat` for a `Cat?` parameter).
        let lookupType: Any.Type
    }

    /// A dependency of one record on another: 8 bytes, so that the edges of 100,000 services
    /// stay small enough to stream through the cache.
    struct Edge {
        private let storedTarget: Int32
        let isOptional: Bool

        /// The record depended on.
        var target: Int { Int(storedTarget) }

        init(target: Int, isOptional: Bool) {
            storedTarget = Int32(truncatingIfNeeded: target)
            self.isOptional = isOptional
        }
    }

    let records: [ManifestRecord]
    /// Every record's edges, record after record: one array for the whole graph rather than one
    /// per record, which at 100,000 services was most of `verify()`'s allocations.
    private var edgeList: [Edge] = []
    /// Where each record's edges start in ``edgeList``; the last element is the total count.
    private var edgeStarts: [Int32]
    /// Required dependencies without a usable registration, in record order.
    private(set) var unresolved: [Unresolved] = []
    /// Records whose autoregistration can never produce its service
    /// (``AutoregistrationInfo/problem``), in record order.
    private(set) var unusable: [Int] = []
    /// Records made with a closure, whose dependencies are not known, in record order.
    private(set) var closureRegistrations: [Int] = []

    init(_ manifest: Manifest) {
        records = manifest.records
        // Only the manifest's compact arrays are read, front to back (see ``Manifest``): at
        // 100,000 services, streaming the records or following their pointers cost more per
        // service than at 10,000, whose records stay in cache.
        let spans = manifest.spans
        let dependencies = manifest.dependencies
        let targets = manifest.targets
        edgeStarts = [0]
        edgeStarts.reserveCapacity(spans.count + 1)
        // The pool holds at least every edge: reserving it avoids copying the list as it grows.
        edgeList.reserveCapacity(dependencies.count)
        for index in spans.indices {
            defer { edgeStarts.append(Int32(truncatingIfNeeded: edgeList.count)) }
            let span = spans[index]
            if !span.isAutoregistered { closureRegistrations.append(index) }
            // An unusable registration never reaches its dependencies.
            if span.isUnusable {
                unusable.append(index)
                continue
            }
            for position in Int(span.start)..<Int(span.end) {
                let dependency = dependencies[position]
                if let target = targets[ObjectIdentifier(dependency.lookupType)] {
                    edgeList.append(Edge(target: target, isOptional: dependency.isOptional))
                } else if !dependency.isOptional {
                    unresolved.append(Unresolved(node: index, lookupType: dependency.lookupType))
                }
            }
        }
    }

    /// The records `node`'s autoregistered initializer depends on, with optionality.
    func edges(from node: Int) -> ArraySlice<Edge> {
        edgeList[Int(edgeStarts[node])..<Int(edgeStarts[node + 1])]
    }

    /// One path from a root (a service nothing depends on) to each node, as predecessor indices.
    func predecessors() -> [Int?] {
        var predecessor: [Int?] = Array(repeating: nil, count: records.count)
        var indegree = Array(repeating: 0, count: records.count)
        for edge in edgeList { indegree[edge.target] += 1 }
        var visited = Array(repeating: false, count: records.count)
        var queue = indegree.indices.filter { indegree[$0] == 0 }
        for root in queue { visited[root] = true }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges(from: node) where !visited[edge.target] {
                visited[edge.target] = true
                predecessor[edge.target] = node
                queue.append(edge.target)
            }
        }
        return predecessor
    }
}

extension ManifestGraph {
    /// A node on the path of ``walkDepthFirst(backEdge:finished:)`` and how many of its edges
    /// the walk has followed.
    struct PathStep {
        let node: Int
        var followed: Int
    }

    /// Walks the graph depth first from every record, in record order, that an earlier start did
    /// not reach, following each record's edges in order.
    ///
    /// Iterative, with one explicit path for the whole walk, so a chain of any length needs no
    /// deep call stack and no allocation per start. Both callbacks are inlined where it is called.
    ///
    /// - Parameters:
    ///   - backEdge: Called for an edge to a node on the current path, with the path from that
    ///     node to the one the edge leaves: the nodes of a cycle, in dependency order.
    ///   - finished: Called for a node once every node it reaches is finished or on the path
    ///     (a postorder: dependencies before their dependents).
    func walkDepthFirst(backEdge: (ArraySlice<PathStep>) -> Void, finished: (Int) -> Void) {
        var state = [UInt8](repeating: 0, count: records.count)  // 0 new, 1 on the path, 2 finished
        var position = [Int32](repeating: -1, count: records.count)  // where a node on the path is
        var path: [PathStep] = []
        for start in records.indices where state[start] == 0 {
            if edgeStarts[start] == edgeStarts[start + 1] {
                state[start] = 2
                finished(start)
                continue
            }
            path.append(PathStep(node: start, followed: 0))
            state[start] = 1
            position[start] = 0
            while let top = path.last {
                let next = Int(edgeStarts[top.node]) + top.followed
                if next < Int(edgeStarts[top.node + 1]) {
                    path[path.count - 1].followed += 1
                    let target = edgeList[next].target
                    if state[target] == 0 {
                        state[target] = 1
                        position[target] = Int32(truncatingIfNeeded: path.count)
                        path.append(PathStep(node: target, followed: 0))
                    } else if state[target] == 1 {
                        backEdge(path[Int(position[target])...])
                    }
                } else {
                    state[top.node] = 2
                    finished(top.node)
                    path.removeLast()
                }
            }
        }
    }

    /// The cycles the depth-first walk finds, one per back edge, each as node indices in
    /// dependency order (the first node depends on the second, ..., the last on the first).
    /// A record that depends on the same service twice can yield one cycle twice;
    /// ``ManifestLabels/cycleChains(_:)`` rotates and de-duplicates them.
    func cycles() -> [[Int]] {
        var found: [[Int]] = []
        walkDepthFirst(backEdge: { found.append($0.map(\.node)) }, finished: { _ in })
        return found
    }

    /// Every record, each after the records it depends on (the walk's postorder; in a cycle, the
    /// record first reached comes last).
    func dependencyOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(records.count)
        walkDepthFirst(backEdge: { _ in }, finished: { order.append($0) })
        return order
    }

    /// ``dependencyOrder()`` with every record that reaches a closure registration (itself one,
    /// or depending on one through autoregistered initializers) moved after the others, in the
    /// same relative order. A closure's dependencies are unknown until it runs, and a `~>` in it
    /// that cannot be served stops the process, so the records whose whole graph is known are
    /// checked first. Dependencies still come before their dependents.
    func closuresLastOrder() -> [Int] {
        let order = dependencyOrder()
        guard !closureRegistrations.isEmpty else { return order }
        var reachesClosure = Array(repeating: false, count: records.count)
        for index in closureRegistrations { reachesClosure[index] = true }
        for node in order where !reachesClosure[node] {
            reachesClosure[node] = edges(from: node).contains { reachesClosure[$0.target] }
        }
        return order.filter { !reachesClosure[$0] } + order.filter { reachesClosure[$0] }
    }
}
