import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectAutoregistration

// Autoregistered resolve against the same services registered by hand, and verify() on 100k
// services against verify() on 10k. Resolve rows do `operations` resolves per iteration (1,000
// for 3 dependencies, 100 for 20); Scripts/benchmark-table.py divides to report per resolve.

func autoregisterServices(_ container: Container) {
    container.autoregister(Service3Deps1Args.self, argument: String.self, initializer: Service3Deps1Args.init)
    container.autoregister(
        Service3Deps2Args.self, arguments: String.self, Int.self, initializer: Service3Deps2Args.init)
    container.autoregister(Service20Deps1Args.self, argument: String.self, initializer: Service20Deps1Args.init)
    container.autoregister(
        Service20Deps2Args.self, arguments: String.self, Int.self, initializer: Service20Deps2Args.init)
}

/// A shared dependency and the leaf services that `verify()` checks.
final class SharedDependency {}
final class Leaf {
    let dependency: SharedDependency
    init(dependency: SharedDependency) { self.dependency = dependency }
}

/// A container with `count` autoregistered services (named `Leaf`s that each need the shared
/// dependency), built once per process.
func verificationContainer(services count: Int) -> Container {
    let container = Container()
    container.register(SharedDependency.self) { _ in SharedDependency() }
    for index in 0..<count {
        container.autoregister(Leaf.self, name: "leaf\(index)", initializer: Leaf.init)
    }
    return container
}

final class LazyContainer: @unchecked Sendable {
    private let make: () -> Container
    private(set) lazy var container: Container = make()
    init(_ make: @escaping () -> Container) { self.make = make }
}

let verify10k = LazyContainer { verificationContainer(services: 10_000) }
let verify100k = LazyContainer { verificationContainer(services: 100_000) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    let manual = Container()
    registerDependencies(manual)
    registerServicesByHand(manual)
    let automatic = Container()
    registerDependencies(automatic)
    autoregisterServices(automatic)

    nonisolated(unsafe) let manualContainer = manual
    nonisolated(unsafe) let automaticContainer = automatic
    // The two sides cost the same (in instructions ours is 0.5 to 1.5% cheaper), so only the
    // interleaved benchmark, which times both in one process milliseconds apart, can tell them
    // apart on the shared VM: measured alone in separate processes they read 0.65 to 1.66.
    var resolveConfiguration = Benchmark.defaultConfiguration
    resolveConfiguration.maxDuration = .seconds(2)
    resolveConfiguration.maxIterations = 1_000
    func resolvePair(_ row: String, operations: Int, _ resolve: @escaping @Sendable (Container) -> AnyObject?) {
        PairedBenchmark.register(
            row, baseline: "baseline-manual", configuration: resolveConfiguration,
            ours: {
                for _ in 0..<operations { blackHole(resolve(automaticContainer)) }
            },
            baseline: {
                for _ in 0..<operations { blackHole(resolve(manualContainer)) }
            })
    }

    resolvePair("autoregister.resolve.3deps.1args", operations: 1_000) {
        $0.resolve(Service3Deps1Args.self, argument: "name")
    }
    resolvePair("autoregister.resolve.3deps.2args", operations: 1_000) {
        $0.resolve(Service3Deps2Args.self, arguments: "name", 2)
    }
    resolvePair("autoregister.resolve.20deps.1args", operations: 100) {
        $0.resolve(Service20Deps1Args.self, argument: "name")
    }
    resolvePair("autoregister.resolve.20deps.2args", operations: 100) {
        $0.resolve(Service20Deps2Args.self, arguments: "name", 2)
    }
    registerPackVersusFixedBenchmarks(configuration: resolveConfiguration)

    // verify() must scale linearly: 100k services should take at most 11x as long as 10k. A 10k
    // check takes about 0.15 to 0.35 ms, so up to 1,000 samples spread each side over a second or
    // more. The containers are built lazily, in the first warmup iteration. Run alone, in separate
    // processes, the ratio has read 5.7 to 17 as the machine's speed changed under one side.
    let verifyConfiguration = Benchmark.Configuration(
        timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 1_000)
    PairedBenchmark.register(
        "verify.100k", baseline: "baseline-verify.10k", configuration: verifyConfiguration,
        ours: { _ = try verify100k.container.verify() },
        baseline: { _ = try verify10k.container.verify() })
    registerAsyncAutoregistrationBenchmarks()
    registerRequestScopeBenchmarks()
}
