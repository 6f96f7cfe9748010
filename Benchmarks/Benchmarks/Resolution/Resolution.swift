import Benchmark
import Swinject
import SwinjectPropertyLoader

// Lookup and resolve benchmarks. Each iteration performs `operationsPerIteration` (1,000)
// operations; Scripts/benchmark-table.py divides by 1,000 to report time and mallocs per
// operation (the harness's own scaling rounds per-operation counts to integers). Names are "<row> ours" and "<row> baseline-<what>".

let operationsPerIteration = 1_000

final class Dependency {}

final class Service {
    let dependency: Dependency
    init(dependency: Dependency) { self.dependency = dependency }
}

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
    Benchmark("property.inFactory ours") { benchmark in
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "k": 42, "name": "demo" }"#))
        let box = ResolverBox()
        container.register(Dependency.self) { r in
            box.resolver = r
            return Dependency()
        }
        _ = container.resolve(Dependency.self)
        guard let resolver = box.resolver else { fatalError("factory did not run") }
        benchmark.startMeasurement()
        for _ in 0..<operationsPerIteration {
            blackHole(resolver.property("k") as Int?)
        }
    }
    Benchmark("property.inFactory baseline-Swinject-container-resolve") { benchmark in
        let container = Container()
        container.register(Dependency.self) { _ in Dependency() }.inObjectScope(.container)
        let box = ResolverBox()
        container.register(Service.self) { r in
            box.resolver = r
            return Service(dependency: r.resolve(Dependency.self)!)
        }
        _ = container.resolve(Service.self)
        guard let resolver = box.resolver else { fatalError("factory did not run") }
        benchmark.startMeasurement()
        for _ in 0..<operationsPerIteration {
            blackHole(resolver.resolve(Dependency.self))
        }
    }

    // `container.property("k") as Int?`, against a `[String: Any]` lookup and `as? Int`.
    Benchmark("property.container ours") { benchmark in
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "k": 42, "name": "demo" }"#))
        benchmark.startMeasurement()
        for _ in 0..<operationsPerIteration {
            blackHole(container.property("k") as Int?)
        }
    }
    Benchmark("property.container baseline-Dictionary") { benchmark in
        let dictionary: [String: Any] = ["k": 42, "name": "demo"]
        benchmark.startMeasurement()
        for _ in 0..<operationsPerIteration {
            blackHole(dictionary["k"] as? Int)
        }
    }
}
