public import Swinject

/// The services of a container and their dependencies, exported as DOT or Mermaid text.
///
/// ```swift
/// print(container.dependencyGraph().mermaid)
/// ```
public struct DependencyGraph: Sendable {
    /// A registration, or a missing dependency.
    public struct Node: Sendable, Hashable {
        /// A stable identifier (`n0`, `n1`, ...).
        public let id: String
        /// The service type's name.
        public let service: String
        /// The registration name.
        public let name: String?
        /// The object scope (`graph`, `container`, `transient`, `weak`), nil for a missing node.
        public let scope: String?
        /// The runtime argument types.
        public let arguments: [String]
        /// Whether this is a dependency with no registration.
        public let isMissing: Bool
    }

    /// A dependency of one service on another.
    public struct Edge: Sendable, Hashable {
        /// The dependent service's node id.
        public let from: String
        /// The dependency's node id.
        public let to: String
        /// Whether the dependency is optional.
        public let isOptional: Bool
    }

    /// The nodes, in registration order, missing dependencies last.
    public let nodes: [Node]
    /// The edges.
    public let edges: [Edge]

    /// Graphviz DOT text; missing dependencies are red and dashed.
    public var dot: String {
        var lines = ["digraph Dependencies {", "    rankdir=LR;", "    node [shape=box];"]
        for node in nodes {
            let label = labelLines(node).joined(separator: "\\n").replacingQuotes(with: "\\\"")
            let style = node.isMissing ? ", style=dashed, color=red, fontcolor=red" : ""
            lines.append("    \(node.id) [label=\"\(label)\"\(style)];")
        }
        for edge in edges {
            lines.append("    \(edge.from) -> \(edge.to)\(edge.isOptional ? " [style=dashed]" : "");")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid flowchart text; missing dependencies use the `missing` class.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for node in nodes {
            let label = labelLines(node).joined(separator: "<br/>").replacingQuotes(with: "#quot;")
            lines.append("    \(node.id)[\"\(label)\"]\(node.isMissing ? ":::missing" : "")")
        }
        for edge in edges {
            lines.append("    \(edge.from) \(edge.isOptional ? "-.->" : "-->") \(edge.to)")
        }
        lines.append("    classDef missing stroke:#d33,stroke-dasharray:4 4,color:#d33")
        return lines.joined(separator: "\n") + "\n"
    }

    private func labelLines(_ node: Node) -> [String] {
        var lines = [node.service]
        if let name = node.name { lines.append("name: \(name)") }
        if !node.arguments.isEmpty { lines.append("arguments: " + node.arguments.joined(separator: ", ")) }
        lines.append(node.isMissing ? "not registered" : "scope: \(node.scope ?? "unknown")")
        return lines
    }
}

extension String {
    fileprivate func replacingQuotes(with replacement: String) -> String {
        split(separator: "\"", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Container {
    /// The dependency graph of the registrations visible from this container: every recorded
    /// registration is a node labelled with its name and scope, every autoregistered dependency an
    /// edge, and unregistered dependencies are highlighted.
    public func dependencyGraph() -> DependencyGraph {
        let graph = ManifestGraph(RegistrationTracking.manifestForChecking(from: self))
        let labels = ManifestLabels(graph)
        var nodes: [DependencyGraph.Node] = graph.records.enumerated().map { index, record in
            DependencyGraph.Node(
                id: "n\(index)",
                service: labels.typeName(record.serviceType),
                name: record.name,
                scope: record.scopeDescription,
                arguments: record.argumentNames,
                isMissing: false
            )
        }
        var edges: [DependencyGraph.Edge] = []
        for index in graph.records.indices {
            for edge in graph.edges(from: index) {
                edges.append(
                    DependencyGraph.Edge(from: "n\(index)", to: "n\(edge.target)", isOptional: edge.isOptional))
            }
        }
        var missingIDs: [ObjectIdentifier: String] = [:]
        for problem in graph.unresolved {
            let type = problem.lookupType
            let id: String
            if let existing = missingIDs[ObjectIdentifier(type)] {
                id = existing
            } else {
                id = "n\(nodes.count)"
                missingIDs[ObjectIdentifier(type)] = id
                nodes.append(
                    DependencyGraph.Node(
                        id: id,
                        service: labels.typeName(type),
                        name: nil,
                        scope: nil,
                        arguments: [],
                        isMissing: true
                    )
                )
            }
            edges.append(DependencyGraph.Edge(from: "n\(problem.node)", to: id, isOptional: false))
        }
        return DependencyGraph(nodes: nodes, edges: edges)
    }
}
