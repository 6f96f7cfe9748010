import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectInjection

// Injector and property-wrapper reads against the Swinject resolve they replace. Each iteration
// does `operationsPerIteration` (1,000) reads; Scripts/benchmark-table.py divides by 1,000.

let operationsPerIteration = 1_000

final class ContainerService {}
final class FactoryService {}
final class SingletonService: Sendable {}
final class LazySingletonService: Sendable {}
final class UnregisteredService {}

/// One injector with every kind of registration the benchmarks read.
let injector: Injector = {
    let injector = Injector(label: "benchmarks")
    injector.container.register(ContainerService.self) { _ in ContainerService() }
    do {
        try injector.register(as: FactoryService.self, injection: .factory { FactoryService() })
        try injector.register(as: SingletonService.self, injection: .singleton(SingletonService()))
        try injector.register(as: LazySingletonService.self, injection: .lazySingleton { LazySingletonService() })
    } catch {
        fatalError("benchmark registration failed: \(error)")
    }
    _ = injector[LazySingletonService.self]  // created before measuring
    return injector
}()

struct ContainerReader { @Injected(injector: injector) var service: ContainerService }
struct FactoryReader { @Injected(injector: injector) var service: FactoryService }
struct SingletonReader { @Injected(injector: injector) var service: SingletonService }
struct UnregisteredReader { @OptionalInjected(injector: injector) var service: UnregisteredService? }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 10,
        maxDuration: .seconds(1),
        maxIterations: 2_000
    )

    func pair(
        _ row: String, _ baseline: String, ours: @escaping @Sendable () -> Void,
        base: @escaping @Sendable () -> Void
    ) {
        PairedBenchmark.register(
            row, baseline: baseline,
            ours: {
                for _ in 0..<operationsPerIteration { ours() }
            },
            baseline: {
                for _ in 0..<operationsPerIteration { base() }
            })
    }

    // A service registered on the container: against container.synchronize().resolve. Both sides
    // are Swinject's resolve under its lock, 1.02 to 1.05 apart in the interleaved benchmark.
    let synchronizedContainer = Container()
    synchronizedContainer.register(ContainerService.self) { _ in ContainerService() }
    nonisolated(unsafe) let synchronized = synchronizedContainer.synchronize()
    let synchronizedResolve: @Sendable () -> Void = { blackHole(synchronized.resolve(ContainerService.self)) }
    pair(
        "injector.get.container", "baseline-synchronized-resolve",
        ours: { blackHole(try? injector.get(ContainerService.self)) }, base: synchronizedResolve)
    pair(
        "injected.container", "baseline-synchronized-resolve",
        ours: { blackHole(ContainerReader().service) }, base: synchronizedResolve)

    // An Injection.factory registration: against a Swinject transient resolve.
    nonisolated(unsafe) let transientContainer = Container()
    transientContainer.register(FactoryService.self) { _ in FactoryService() }
    let transientResolve: @Sendable () -> Void = { blackHole(transientContainer.resolve(FactoryService.self)) }
    pair(
        "injector.get.factory", "baseline-Swinject-transient-resolve",
        ours: { blackHole(try? injector.get(FactoryService.self)) }, base: transientResolve)
    pair(
        "injected.factory", "baseline-Swinject-transient-resolve",
        ours: { blackHole(FactoryReader().service) }, base: transientResolve)

    // .singleton and a created .lazySingleton: against a .container-scoped resolve.
    nonisolated(unsafe) let scopedContainer = Container()
    scopedContainer.register(SingletonService.self) { _ in SingletonService() }.inObjectScope(.container)
    _ = scopedContainer.resolve(SingletonService.self)
    let scopedResolve: @Sendable () -> Void = { blackHole(scopedContainer.resolve(SingletonService.self)) }
    pair(
        "injector.get.singleton", "baseline-Swinject-container-resolve",
        ours: { blackHole(try? injector.get(SingletonService.self)) }, base: scopedResolve)
    pair(
        "injector.get.lazySingleton", "baseline-Swinject-container-resolve",
        ours: { blackHole(try? injector.get(LazySingletonService.self)) }, base: scopedResolve)
    pair(
        "injected.singleton", "baseline-Swinject-container-resolve",
        ours: { blackHole(SingletonReader().service) }, base: scopedResolve)

    // An unregistered type: against Swinject's resolve of an unregistered type.
    nonisolated(unsafe) let emptyContainer = Container()
    let missingResolve: @Sendable () -> Void = { blackHole(emptyContainer.resolve(UnregisteredService.self)) }
    pair(
        "injector.subscript.unregistered", "baseline-Swinject-unregistered-resolve",
        ours: { blackHole(injector[UnregisteredService.self]) }, base: missingResolve)
    pair(
        "optionalInjected.unregistered", "baseline-Swinject-unregistered-resolve",
        ours: { blackHole(UnregisteredReader().service) }, base: missingResolve)

    registerAsyncInjectionBenchmarks()  // Async injections, in AsyncInjection.swift.
}
