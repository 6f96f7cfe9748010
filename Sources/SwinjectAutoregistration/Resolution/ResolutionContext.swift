import Foundation

/// One step of a resolution chain.
struct ChainLink: Sendable {
    let type: Any.Type
    let name: String?
    /// The initializer signature, for autoregistered services.
    let signature: String?

    var display: String {
        guard let name else { return TypeName.short(type) }
        return TypeName.short(type) + " (name: \"\(name)\")"
    }
}

/// A dependency that could not be resolved, with the services that led to it.
struct PendingFailure: Sendable {
    /// From the outermost service to the missing dependency (last).
    var chain: [ChainLink]

    /// The service whose initializer needed the missing dependency.
    var builder: ChainLink { chain[chain.count - 2] }
    /// The missing dependency.
    var missing: ChainLink { chain[chain.count - 1] }
}

/// Carries failures out of non-throwing Swinject factories, per thread.
///
/// Only the failure path touches it: a factory that misses a dependency records the failure
/// (or prepends itself to the failure its dependency recorded), then returns a marker so
/// Swinject's `resolve` returns nil; `resolveOrThrow` takes the failure and throws it.
enum ResolutionContext {
    private final class Box {
        var failure: PendingFailure?
    }

    private static let key = "SwinjectAutoregistration.pendingFailure"

    private static var box: Box {
        let dictionary = Thread.current.threadDictionary
        if let box = dictionary[key] as? Box { return box }
        let box = Box()
        dictionary[key] = box
        return box
    }

    /// Records that `service` (name `name`) could not be built because `missing` did not resolve.
    static func recordMissingDependency(
        service: Any.Type,
        name: String?,
        parameters: [DependencyInfo],
        missing: Any.Type
    ) {
        let box = self.box
        let link = ChainLink(
            type: service,
            name: name,
            signature: TypeName.signature(parameters: parameters.map(\.type), result: service)
        )
        if var failure = box.failure, let head = failure.chain.first, head.type == missing, head.name == nil {
            failure.chain.insert(link, at: 0)
            box.failure = failure
        } else {
            box.failure = PendingFailure(chain: [link, ChainLink(type: missing, name: nil, signature: nil)])
        }
    }

    /// Removes and returns the recorded failure if it is about `service` named `name`.
    static func takeFailure(service: Any.Type, name: String?) -> PendingFailure? {
        let box = self.box
        guard let failure = box.failure else { return nil }
        box.failure = nil
        guard let head = failure.chain.first, head.type == service, head.name == name else { return nil }
        return failure
    }
}

/// Returned by an autoregistered factory instead of the service when a dependency is missing, so
/// Swinject's own `resolve` yields nil instead of trapping.
struct ResolutionFailureMarker {}

/// Thrown inside an autoregistered factory when a dependency does not resolve.
@usableFromInline struct DependencyMiss: Error {
    @usableFromInline let type: Any.Type

    @usableFromInline init(type: Any.Type) {
        self.type = type
    }
}
