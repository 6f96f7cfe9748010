import SwinjectKitSupport

/// One step of a resolution chain.
struct ChainLink: Sendable {
    let type: Any.Type
    let name: String?
    /// The initializer signature, for autoregistered services.
    let signature: String?
    /// The kind of factory (`async closure`), for services registered with a closure.
    var factory: String? = nil

    /// The link as messages show it: `…` for a service the resolution stack cannot see.
    var display: String { display(naming: TypeNames.short) }

    /// The link with its type named by `naming`.
    func display(naming: (Any.Type) -> String) -> String {
        type == Unseen.self ? "…" : DiagnosticText.label(naming(type), name: name)
    }
}

/// A resolution that failed, with the services that led to the failure.
struct PendingFailure: Sendable {
    enum Kind: Sendable {
        /// The last link is a dependency that did not resolve.
        case missingDependency
        /// The last link's initializer threw this error.
        case initializerThrew(any Error)
        /// The links from `start` on form a cycle (the last link is the service at `start` again).
        case cycle(start: Int)
    }

    /// From the outermost autoregistered service to the failure (last).
    var chain: [ChainLink]
    var kind: Kind
}

extension PendingFailure {
    /// This failure as seen from `link`, the factory whose request for the first service failed.
    func joined(below link: ChainLink) -> PendingFailure {
        var joined = self
        joined.chain.insert(link, at: 0)
        if case .cycle(let start) = kind { joined.kind = .cycle(start: start + 1) }
        return joined
    }

    /// The failure as another module shows it: every service by its full name, and the reason.
    var explained: ExplainedFailure {
        let chain = self.chain.map { $0.display(naming: TypeNames.qualified) }
        switch kind {
        case .missingDependency:
            return ExplainedFailure(chain: chain, reason: "did not resolve")
        case .initializerThrew(let error):
            // A service registered with a throwing closure has no initializer signature.
            let builder = self.chain.last?.signature == nil ? "factory" : "initializer"
            return ExplainedFailure(chain: chain, reason: "its \(builder) threw \(error)", thrown: error)
        case .cycle:
            return ExplainedFailure(chain: chain, reason: "dependency cycle")
        }
    }
}

/// Shown as `…` in a cycle chain for services between two autoregistered ones that the
/// resolution stack cannot see.
enum Unseen {}

/// Stands in for an error that was not captured.
struct UnknownFailure: Error {}
