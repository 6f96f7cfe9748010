import SwinjectKitSupport

/// What a report on a ``ManifestGraph`` needs beyond its structure: a display name for every
/// type in the graph (qualified where two types share a short name), the records of each
/// service type, labels, and the chain of services that leads to a node.
///
/// `verify()` builds it only when the graph has something to report; `dependencyGraph()`
/// always does, since it names every node.
struct ManifestLabels {
    let graph: ManifestGraph
    /// Records of each service type, in record order.
    let recordsByService: [ObjectIdentifier: [Int]]
    /// Display names of every service type and every unresolved dependency type.
    private let typeNames: [ObjectIdentifier: String]

    init(_ graph: ManifestGraph) {
        self.graph = graph
        var recordsByService: [ObjectIdentifier: [Int]] = [:]
        var types: [Any.Type] = []
        for index in graph.records.indices {
            let type = graph.records[index].serviceType
            let isNew = recordsByService[ObjectIdentifier(type)] == nil
            recordsByService[ObjectIdentifier(type), default: []].append(index)
            if isNew { types.append(type) }
        }
        var seen = Set(recordsByService.keys)
        for problem in graph.unresolved where seen.insert(ObjectIdentifier(problem.lookupType)).inserted {
            types.append(problem.lookupType)
        }
        var typeNames: [ObjectIdentifier: String] = [:]
        for (type, name) in zip(types, TypeName.distinct(types)) {
            typeNames[ObjectIdentifier(type)] = name
        }
        self.recordsByService = recordsByService
        self.typeNames = typeNames
    }

    /// The display name of `type`.
    func typeName(_ type: Any.Type) -> String {
        typeNames[ObjectIdentifier(type)] ?? TypeNames.short(type)
    }

    /// `Person` or `Person (name: "johnny")`.
    func label(_ index: Int) -> String {
        let record = graph.records[index]
        return DiagnosticText.label(typeName(record.serviceType), name: record.name)
    }

    /// The labels from a root down to `node`, following `predecessors`
    /// (``ManifestGraph/predecessors()``).
    func chain(to node: Int, predecessors: [Int?]) -> [String] {
        var path = [node]
        var current = node
        while let previous = predecessors[current], path.count <= graph.records.count {
            path.append(previous)
            current = previous
        }
        return path.reversed().map(label)
    }

    /// Why `problem` has no registration: `.argumentOnlyDependency` when its type is registered,
    /// but only with runtime arguments; `.missingDependency` otherwise.
    func code(of problem: ManifestGraph.Unresolved) -> ResolutionError.Code {
        let others = (recordsByService[ObjectIdentifier(problem.lookupType)] ?? []).lazy.map { graph.records[$0] }
        return DiagnosticText.isArgumentOnly(others) ? .argumentOnlyDependency : .missingDependency
    }

    /// The cycles of ``ManifestGraph/cycles()`` as label chains: each rotated to start at its
    /// smallest label and closed by repeating it, each reported once.
    func cycleChains(_ cycles: [[Int]]) -> [[String]] {
        var seen: Set<[Int]> = []
        var chains: [[String]] = []
        for cycle in cycles {
            let labels = cycle.map(label)
            guard let smallest = labels.indices.min(by: { labels[$0] < labels[$1] }) else { continue }
            let rotated = Array(cycle[smallest...] + cycle[..<smallest])
            guard seen.insert(rotated).inserted else { continue }
            chains.append(Array(labels[smallest...] + labels[..<smallest]) + [labels[smallest]])
        }
        return chains
    }
}
