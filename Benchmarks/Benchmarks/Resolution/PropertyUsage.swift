import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectPropertyLoader

/// A service whose factory reads one property `operationsPerIteration` times.
final class UsageReader {}

/// A container-scoped service, for the cost usage tracking adds to a resolve.
final class UsageSingleton {}

/// The usage-tracking rows: reads made inside a running factory of a container that tracks
/// usage (each read is attributed to the registration), against one `.container`-scoped resolve
/// each; and a `.container`-scoped resolve of a tracked registration against the same resolve in
/// a container without properties.
func registerPropertyUsageBenchmarks() {
    let tracked = Container()
    try? tracked.applyPropertyLoader(JsonPropertyLoader(string: #"{ "k": 42 }"#))
    tracked.register(UsageReader.self) { r in
        for _ in 0..<operationsPerIteration { blackHole(r.property("k") as Int?) }
        return UsageReader()
    }
    tracked.register(UsageSingleton.self) { _ in UsageSingleton() }.inObjectScope(.container)
    guard tracked.resolve(UsageReader.self) != nil,
        tracked.propertyUsage.readers(of: "k").first?.registration != nil
    else { fatalError("the usage benchmark's reads were not attributed") }
    nonisolated(unsafe) let trackedContainer = tracked

    let plain = Container()
    plain.register(UsageSingleton.self) { _ in UsageSingleton() }.inObjectScope(.container)
    nonisolated(unsafe) let plainContainer = plain

    PairedBenchmark.register(
        "property.inTrackedFactory", baseline: "baseline-Swinject-container-resolve",
        ours: { blackHole(trackedContainer.resolve(UsageReader.self)) },
        baseline: {
            for _ in 0..<operationsPerIteration { blackHole(plainContainer.resolve(UsageSingleton.self)) }
        })

    PairedBenchmark.register(
        "resolve.container.tracked", baseline: "baseline-Swinject-container-resolve",
        ours: {
            for _ in 0..<operationsPerIteration { blackHole(trackedContainer.resolve(UsageSingleton.self)) }
        },
        baseline: {
            for _ in 0..<operationsPerIteration { blackHole(plainContainer.resolve(UsageSingleton.self)) }
        })
}
