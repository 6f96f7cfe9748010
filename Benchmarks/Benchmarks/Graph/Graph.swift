import Benchmark
import BenchmarkPairs
import GraphServices
import Swinject
import SwinjectAutoregistration
import SwinjectInjection

// Deep transient graphs (Benchmarks/Sources/GraphServices): every block resolves each of N
// top-level services once, about 690 objects each (69,050 objects at N = 100, 345,250 at 500,
// 690,500 at 1,000); Scripts/benchmark-table.py divides by the object count to report time and
// mallocs per object. Registration rows are in Registration.swift.

/// The containers and injectors for N services, built on first use (each benchmark runs in its own
/// process and builds only what its rows read).
final class GraphFixtures: @unchecked Sendable {
    let services: Int
    init(services: Int) { self.services = services }

    /// Swinject, every type registered by hand.
    private(set) lazy var byHand: Container = {
        let container = Container()
        Graph.registerByHand(container, services: services)
        return container
    }()
    /// Swinject, every type registered by hand in the `.transient` scope: it builds every object of
    /// the graph, as `Injection.factory` does, where the default `.graph` scope shares an instance of
    /// a type inside one top-level resolve.
    private(set) lazy var byHandTransient: Container = {
        let container = Container(defaultObjectScope: .transient)
        Graph.registerByHand(container, services: services)
        return container
    }()
    /// Swinject, every type autoregistered.
    private(set) lazy var autoregistered: Container = {
        let container = Container()
        Graph.autoregister(container, services: services)
        return container
    }()
    /// The synchronized resolver of another container registered by hand.
    private(set) lazy var synchronized: any Resolver = {
        let container = Container()
        Graph.registerByHand(container, services: services)
        return container.synchronize()
    }()
    /// An injector whose `Injection.factory` closures `get` their dependencies.
    private(set) lazy var factories: Injector = {
        let injector = Injector(label: "graph-factories")
        Graph.register(injector, services: services)
        return injector
    }()
    /// An injector whose container holds the hand registrations.
    private(set) lazy var containerRegistrations: Injector = {
        let injector = Injector(label: "graph-container")
        Graph.registerByHand(injector.container, services: services)
        return injector
    }()
}

let fixtures100 = GraphFixtures(services: 100)
let fixtures500 = GraphFixtures(services: 500)
let fixtures1000 = GraphFixtures(services: 1_000)

struct Reader100<Service> { @Injected(injector: fixtures100.containerRegistrations) var service: Service }
struct Reader500<Service> { @Injected(injector: fixtures500.containerRegistrations) var service: Service }
struct Reader1000<Service> { @Injected(injector: fixtures1000.containerRegistrations) var service: Service }

enum Read100: InjectedReading {
    static func read<Service>(_: Service.Type) -> Int {
        blackHole(Reader100<Service>().service)
        return 1
    }
}
enum Read500: InjectedReading {
    static func read<Service>(_: Service.Type) -> Int {
        blackHole(Reader500<Service>().service)
        return 1
    }
}
enum Read1000: InjectedReading {
    static func read<Service>(_: Service.Type) -> Int {
        blackHole(Reader1000<Service>().service)
        return 1
    }
}

/// `configuration` with the tolerance `Scripts/check-benchmark-thresholds.sh` allows on the p90
/// allocation count of a block against `Benchmarks/Thresholds/`.
func allowing(mallocs tolerance: Int, _ configuration: Benchmark.Configuration = Benchmark.defaultConfiguration)
    -> Benchmark.Configuration
{
    var configuration = configuration
    configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: max(2, tolerance)])]
    return configuration
}

/// Fails the benchmark when a block built fewer services than it should (a broken registration
/// must not read as a fast one).
func expectBuilt(_ built: Int, _ services: Int) {
    precondition(built == services, "built \(built) of \(services) services")
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    let sizes: [(Int, GraphFixtures, any InjectedReading.Type)] = [
        (100, fixtures100, Read100.self), (500, fixtures500, Read500.self), (1_000, fixtures1000, Read1000.self),
    ]
    for (services, fixtures, reader) in sizes {
        // Allocation counts of a graph block are exact; 0.01 per object absorbs the harness's own.
        let configuration = allowing(mallocs: Graph.objects(services: services) / 100)
        PairedBenchmark.register(
            "graph.injector.factory.\(services)", baseline: "baseline-Swinject-by-hand", configuration: configuration,
            ours: { expectBuilt(Graph.getAll(fixtures.factories, services: services), services) },
            baseline: { expectBuilt(Graph.resolveAll(fixtures.byHand, services: services), services) })
        PairedBenchmark.register(
            "graph.autoregister.\(services)", baseline: "baseline-manual", configuration: configuration,
            ours: { expectBuilt(Graph.resolveAll(fixtures.autoregistered, services: services), services) },
            baseline: { expectBuilt(Graph.resolveAll(fixtures.byHand, services: services), services) })
        PairedBenchmark.register(
            "graph.injector.get.container.\(services)", baseline: "baseline-synchronized-resolve",
            configuration: configuration,
            ours: { expectBuilt(Graph.getAll(fixtures.containerRegistrations, services: services), services) },
            baseline: { expectBuilt(Graph.resolveAll(fixtures.synchronized, services: services), services) })
        PairedBenchmark.register(
            "graph.injected.container.\(services)", baseline: "baseline-synchronized-resolve",
            configuration: configuration,
            ours: { expectBuilt(Graph.injectAll(reader, services: services), services) },
            baseline: { expectBuilt(Graph.resolveAll(fixtures.synchronized, services: services), services) })
    }

    // The same injector against Swinject building the same objects (every type `.transient`), so
    // allocations and time per object compare like for like.
    PairedBenchmark.register(
        "graph.transient.injector.factory.100", baseline: "baseline-Swinject-by-hand-transient",
        configuration: allowing(mallocs: Graph.objects(services: 100) / 100),
        ours: { expectBuilt(Graph.getAll(fixtures100.factories, services: 100), 100) },
        baseline: { expectBuilt(Graph.resolveAll(fixtures100.byHandTransient, services: 100), 100) })

    // Flatness: the 1,000-service graph once against the 100-service graph ten times, the same
    // number of objects, so the ratio is the cost per object at 1,000 services over 100.
    PairedBenchmark.register(
        "graph.flat.injector.factory", baseline: "baseline-100-services-x10",
        ours: { expectBuilt(Graph.getAll(fixtures1000.factories, services: 1_000), 1_000) },
        baseline: {
            for _ in 0..<10 { expectBuilt(Graph.getAll(fixtures100.factories, services: 100), 100) }
        })
    PairedBenchmark.register(
        "graph.flat.autoregister", baseline: "baseline-100-services-x10",
        ours: { expectBuilt(Graph.resolveAll(fixtures1000.autoregistered, services: 1_000), 1_000) },
        baseline: {
            for _ in 0..<10 { expectBuilt(Graph.resolveAll(fixtures100.autoregistered, services: 100), 100) }
        })

    registerRegistrationBenchmarks()
}
