import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectAutoregistration

// The same initializer, `SyncService3Deps.init(d1:d2:d3:)`, registered through the parameter-pack
// `autoregister` (ours) and through the generated fixed-arity overload (the baseline), each in its
// own container; 1,000 resolves per block. The fixed-arity layer exists for the difference: when
// this row's ratio reaches about 1.0 the packs serve as well and the layer can be deleted.

/// Registers `service` through the parameter-pack overload: generic over `each D`, this call has
/// no fixed-arity overload to choose.
func autoregisterThroughPack<Service, each D>(
    _ container: Container, _ service: Service.Type, initializer: @escaping (repeat each D) -> Service
) {
    container.autoregister(service, initializer: initializer)
}

func registerPackVersusFixedBenchmarks(configuration: Benchmark.Configuration) {
    let pack = Container()
    registerDependencies(pack)
    autoregisterThroughPack(pack, SyncService3Deps.self, initializer: SyncService3Deps.init)
    let fixed = Container()
    registerDependencies(fixed)
    fixed.autoregister(SyncService3Deps.self, initializer: SyncService3Deps.init)

    nonisolated(unsafe) let packContainer = pack
    nonisolated(unsafe) let fixedContainer = fixed
    let operations = 1_000
    PairedBenchmark.register(
        "autoregister.resolve.pack-vs-fixed.3deps", baseline: "baseline-fixed", configuration: configuration,
        ours: {
            for _ in 0..<operations { blackHole(packContainer.resolve(SyncService3Deps.self)) }
        },
        baseline: {
            for _ in 0..<operations { blackHole(fixedContainer.resolve(SyncService3Deps.self)) }
        })
}
