/// The dependency graph of the registrations visible from a container, built from the manifest
/// alone (nothing is resolved). Building it is linear in registrations plus dependencies.
struct ManifestGraph {
    /// A dependency with no usable registration.
    struct Unresolved {
        let node: Int
        let dependency: DependencyInfo
        let code: ResolutionError.Code
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
    /// Required dependencies without a registration (or with argument-only registrations).
    private(set) var unresolved: [Unresolved] = []
    /// Records of each service type.
    private(set) var byService: [ObjectIdentifier: [Int]] = [:]
    /// Display names of every type in the graph: short, or qualified where two types clash.
    private(set) var typeNames: [ObjectIdentifier: String] = [:]

    init(records: [ManifestRecord]) {
        self.records = records
        edgeStarts = [0]
        edgeStarts.reserveCapacity(records.count + 1)
        var byKey: [RegistrationKey: Int] = [:]
        // Records are read in place (`records[index].field`): copying a whole record per step
        // retains every reference it holds.
        // Dependencies are looked up unnamed and without arguments: only such records can match.
        for index in records.indices {
            if records[index].name == nil && !records[index].hasArguments { byKey[records[index].key] = index }
            byService[ObjectIdentifier(records[index].serviceType), default: []].append(index)
        }
        for index in records.indices {
            defer { edgeStarts.append(edgeList.count) }
            // An unusable registration (``AutoregistrationInfo/problem``) never reaches its dependencies.
            guard records[index].autoregistration?.problem == nil,
                let parameters = records[index].autoregistration?.parameters
            else { continue }
            for dependency in parameters where !dependency.isArgument {
                let key = RegistrationKey(service: dependency.lookupType, arguments: noArgumentsType, name: nil)
                if let target = byKey[key] {
                    edgeList.append(Edge(target: target, isOptional: dependency.isOptional))
                } else if !dependency.isOptional {
                    let others = byService[ObjectIdentifier(dependency.lookupType)] ?? []
                    let argumentOnly = !others.isEmpty && others.allSatisfy { records[$0].hasArguments }
                    unresolved.append(
                        Unresolved(
                            node: index,
                            dependency: dependency,
                            code: argumentOnly ? .argumentOnlyDependency : .missingDependency
                        )
                    )
                }
            }
        }
        var types: [Any.Type] = []
        var seen: Set<ObjectIdentifier> = []
        for index in records.indices where seen.insert(ObjectIdentifier(records[index].serviceType)).inserted {
            types.append(records[index].serviceType)
        }
        for problem in unresolved where seen.insert(ObjectIdentifier(problem.dependency.lookupType)).inserted {
            types.append(problem.dependency.lookupType)
        }
        for (type, name) in zip(types, TypeName.distinct(types)) {
            typeNames[ObjectIdentifier(type)] = name
        }
    }

    /// The records `node`'s autoregistered initializer depends on, with optionality.
    func edges(from node: Int) -> ArraySlice<Edge> {
        edgeList[edgeStarts[node]..<edgeStarts[node + 1]]
    }

    /// The display name of `type`.
    func typeName(_ type: Any.Type) -> String {
        typeNames[ObjectIdentifier(type)] ?? TypeName.short(type)
    }

    /// `Person` or `Person (name: "johnny")`.
    func label(_ index: Int) -> String {
        let record = records[index]
        let name = typeName(record.serviceType)
        guard let registrationName = record.name else { return name }
        return name + " (name: \"\(registrationName)\")"
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

    /// The labels from a root down to `node`.
    func chain(to node: Int, predecessors: [Int?]) -> [String] {
        var path = [node]
        var current = node
        while let previous = predecessors[current], path.count <= records.count {
            path.append(previous)
            current = previous
        }
        return path.reversed().map(label)
    }

    /// Every cycle found by a depth-first search, each as node indices with the first repeated
    /// at the end, rotated to start at its smallest label, without duplicates.
    func cycles() -> [[Int]] {
        var state = Array(repeating: UInt8(0), count: records.count)  // 0 new, 1 on stack, 2 done
        var position = Array(repeating: -1, count: records.count)
        var found: [[Int]] = []
        var seen: Set<[Int]> = []
        for start in records.indices where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
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
                        var cycle = stack[position[target]...].map(\.node)
                        let labels = cycle.map(label)
                        if let smallest = labels.indices.min(by: { labels[$0] < labels[$1] }) {
                            cycle = Array(cycle[smallest...] + cycle[..<smallest])
                        }
                        if seen.insert(cycle).inserted { found.append(cycle + [cycle[0]]) }
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
