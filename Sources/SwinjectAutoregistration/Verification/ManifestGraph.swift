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
        let dependency: DependencyInfo
    }

    /// A dependency of one record on another.
    struct Edge {
        let target: Int
        let isOptional: Bool
    }

    let records: [ManifestRecord]
    /// Every record's edges, record after record: one array for the whole graph rather than one
    /// per record, which at 100,000 services was most of `verify()`'s allocations.
    private var edgeList: [Edge] = []
    /// Where each record's edges start in ``edgeList``; the last element is the total count.
    private var edgeStarts: [Int]
    /// Required dependencies without a usable registration, in record order.
    private(set) var unresolved: [Unresolved] = []
    /// Records whose autoregistration can never produce its service
    /// (``AutoregistrationInfo/problem``), in record order.
    private(set) var unusable: [Int] = []

    init(records: [ManifestRecord]) {
        self.records = records
        edgeStarts = [0]
        edgeStarts.reserveCapacity(records.count + 1)
        // Dependencies are looked up unnamed and without arguments, so only such records can be
        // targets, and the service type alone identifies them. Records are read in place
        // (`records[index].field`): copying a whole record per step retains every reference it holds.
        var targets: [ObjectIdentifier: Int] = [:]
        for index in records.indices where records[index].name == nil && !records[index].hasArguments {
            targets[ObjectIdentifier(records[index].serviceType)] = index
        }
        for index in records.indices {
            defer { edgeStarts.append(edgeList.count) }
            guard let autoregistration = records[index].autoregistration else { continue }
            // An unusable registration never reaches its dependencies.
            if autoregistration.problem != nil {
                unusable.append(index)
                continue
            }
            for dependency in autoregistration.parameters where !dependency.isArgument {
                if let target = targets[ObjectIdentifier(dependency.lookupType)] {
                    edgeList.append(Edge(target: target, isOptional: dependency.isOptional))
                } else if !dependency.isOptional {
                    unresolved.append(Unresolved(node: index, dependency: dependency))
                }
            }
        }
    }

    /// The records `node`'s autoregistered initializer depends on, with optionality.
    func edges(from node: Int) -> ArraySlice<Edge> {
        edgeList[edgeStarts[node]..<edgeStarts[node + 1]]
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

    /// The cycles a depth-first search finds, one per back edge, each as node indices in
    /// dependency order (the first node depends on the second, ..., the last on the first).
    /// A record that depends on the same service twice can yield one cycle twice;
    /// ``ManifestLabels/cycleChains(_:)`` rotates and de-duplicates them.
    func cycles() -> [[Int]] {
        var state = [UInt8](repeating: 0, count: records.count)  // 0 new, 1 on the stack, 2 done
        var position = [Int](repeating: -1, count: records.count)
        var found: [[Int]] = []
        // One stack for the whole search: a new one per start node was an allocation per record.
        var stack: [(node: Int, next: Int)] = []
        for start in records.indices where state[start] == 0 {
            if edgeStarts[start] == edgeStarts[start + 1] {
                state[start] = 2
                continue
            }
            stack.append((start, 0))
            state[start] = 1
            position[start] = 0
            while let top = stack.last {
                let next = edgeStarts[top.node] + top.next
                if next < edgeStarts[top.node + 1] {
                    stack[stack.count - 1].next += 1
                    let target = edgeList[next].target
                    if state[target] == 0 {
                        state[target] = 1
                        position[target] = stack.count
                        stack.append((target, 0))
                    } else if state[target] == 1 {
                        found.append(stack[position[target]...].map(\.node))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return found
    }
}
