import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectPropertyLoader

// Lookup and resolve benchmarks. Each iteration performs `operationsPerIteration` (1,000)
// operations; Scripts/benchmark-table.py divides by 1,000 to report time and mallocs per
// operation (the harness's own scaling rounds per-operation counts to integers). Each row is a
// PairedBenchmark: ours and its baseline alone, and timed back to back in every iteration.

let operationsPerIteration = 1_000

final class Dependency {}

/// Keeps the resolver Swinject passes to a factory, so the benchmark calls `property` on
/// exactly the resolver a factory would see.
final class ResolverBox: @unchecked Sendable {
    var resolver: (any Resolver)?
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 10,
        maxDuration: .seconds(1),
        maxIterations: 2_000
    )

    // `r.property("k") as Int?` inside a factory, against one `.container`-scoped resolve.
    let propertyContainer = Container()
    try? propertyContainer.applyPropertyLoader(JsonPropertyLoader(string: #"{ "k": 42, "name": "demo" }"#))
    guard propertyContainer.property("k") as Int? == 42 else { fatalError("the property benchmark input did not load") }
    nonisolated(unsafe) let factoryResolver = resolverSeenByFactory(in: propertyContainer)
    let scopedContainer = Container()
    scopedContainer.register(Dependency.self) { _ in Dependency() }.inObjectScope(.container)
    nonisolated(unsafe) let scopedResolver = resolverSeenByFactory(in: scopedContainer)
    PairedBenchmark.register(
        "property.inFactory", baseline: "baseline-Swinject-container-resolve",
        ours: {
            for _ in 0..<operationsPerIteration { blackHole(factoryResolver.property("k") as Int?) }
        },
        baseline: {
            for _ in 0..<operationsPerIteration { blackHole(scopedResolver.resolve(Dependency.self)) }
        })

    // `container.property("k") as Int?`, against a `[String: Any]` lookup and `as? Int`.
    nonisolated(unsafe) let lookupContainer = propertyContainer
    let dictionary: [String: Any] = ["k": 42, "name": "demo"]
    nonisolated(unsafe) let lookupDictionary = dictionary
    PairedBenchmark.register(
        "property.container", baseline: "baseline-Dictionary",
        ours: {
            for _ in 0..<operationsPerIteration { blackHole(lookupContainer.property("k") as Int?) }
        },
        baseline: {
            for _ in 0..<operationsPerIteration { blackHole(lookupDictionary["k"] as? Int) }
        })

    registerPropertyUsageBenchmarks()
}

/// The resolver Swinject passes to a factory of `container`, recorded by resolving a probe
/// service once.
func resolverSeenByFactory(in container: Container) -> any Resolver {
    let box = ResolverBox()
    container.register(ResolverProbe.self) { r in
        box.resolver = r
        return ResolverProbe()
    }
    _ = container.resolve(ResolverProbe.self)
    guard let resolver = box.resolver else { fatalError("the factory did not run") }
    return resolver
}

final class ResolverProbe {}
