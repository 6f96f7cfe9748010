import Swinject
import SwinjectPropertyLoader

/// The property-read workloads, for callgrind (see `main.swift`):
///
///   property-in-factory N       read `k` as `Int?` 100,000 × N times through the resolver a factory sees
///   property-synchronized N     the same through the resolver a factory of `synchronize()` sees
///
/// `property-in-factory` is the input of the `property.inFactory` benchmark row (`property` is
/// `property.container`'s). A synchronized view is a child container without a store of its own.
func runPropertyWorkload(_ workload: String, repetitions: Int) throws -> Bool {
    guard workload == "property-in-factory" || workload == "property-synchronized" else { return false }
    let container = Container()
    try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "k": 42, "name": "demo" }"#))
    let resolver =
        workload == "property-synchronized"
        ? resolverSeenByFactory(of: container, through: container.synchronize())
        : resolverSeenByFactory(of: container)
    var sum = 0
    for _ in 0..<(repetitions * 100_000) { sum &+= (resolver.property("k") as Int?) ?? 0 }
    print(sum)
    return true
}

private final class ResolverProbe {}

/// The resolver Swinject passes to a factory of `container` resolved through `resolver`, recorded
/// by resolving a probe once.
private func resolverSeenByFactory(of container: Container, through resolver: (any Resolver)? = nil) -> any Resolver {
    var seen: (any Resolver)?
    container.register(ResolverProbe.self) { resolver in
        seen = resolver
        return ResolverProbe()
    }
    _ = (resolver ?? container).resolve(ResolverProbe.self)
    guard let seen else { fatalError("the factory did not run") }
    return seen
}
