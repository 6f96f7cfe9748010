import Benchmark
import BenchmarkPairs
import SwinjectInjection
import Synchronization

// Async injections (issue 24), timed against the synchronous reads they stand beside. Each row
// times both sides interleaved in one process, as `PairedBenchmark` does for synchronous rows;
// the harness's closures are async here, so the rows are registered by hand with the same
// metrics.

final class AsyncSingletonService: Sendable {}
final class AsyncConcurrentService: Sendable {}

/// How many tasks ask for the singleton at once, and how many reads the baseline does.
let concurrentRequests = 1_000

/// An injector whose async singleton is created before measuring.
let asyncInjector: Injector = {
    let injector = Injector(label: "async benchmarks")
    do {
        try injector.register(as: AsyncSingletonService.self, injection: .asyncSingleton { AsyncSingletonService() })
        try injector.register(
            as: LazySingletonService.self, injection: .lazySingleton { LazySingletonService() })
    } catch {
        fatalError("benchmark registration failed: \(error)")
    }
    _ = injector[LazySingletonService.self]
    return injector
}()

/// A creation that waits `milliseconds`, as a connect to a server does.
@Sendable func connect(counting creations: Creations, milliseconds: Int) async -> AsyncConcurrentService {
    creations.count.add(1, ordering: .relaxed)
    try? await Task.sleep(for: .milliseconds(milliseconds))
    return AsyncConcurrentService()
}

/// Counts the creations of one measured block.
final class Creations: Sendable {
    let count = Atomic<Int>(0)
}

/// A fresh injector with the async singleton registered and not created; its creation takes
/// `milliseconds`.
func freshAsyncInjector(_ creations: Creations, milliseconds: Int = 1) -> Injector {
    let injector = Injector(label: "first requests")
    do {
        try injector.register(
            as: AsyncConcurrentService.self,
            injection: .asyncSingleton { await connect(counting: creations, milliseconds: milliseconds) })
    } catch {
        fatalError("benchmark registration failed: \(error)")
    }
    return injector
}

func registerAsyncInjectionBenchmarks() {
    // A created async singleton read with getAsync, against a created lazy singleton read with get.
    asyncPair(
        "injector.getAsync.asyncSingleton", baseline: "baseline-injector.get.lazySingleton",
        ours: {
            for _ in 0..<operationsPerIteration {
                blackHole(try? await asyncInjector.getAsync(AsyncSingletonService.self))
            }
        },
        base: {
            for _ in 0..<operationsPerIteration {
                blackHole(try? asyncInjector.get(LazySingletonService.self))
            }
        })

    // 1,000 tasks ask for a singleton that is not created yet, all at once; against the same
    // 1,000 tasks of a task group reading it after one creation awaited before the group starts.
    // Both sides start from a fresh injector and spawn the same tasks, so the ratio is what waiting
    // for the creation in flight costs beyond one creation and 1,000 created-singleton gets. A 1 ms
    // creation is shorter than spawning the tasks; a 10 ms one is about as long as a connect.
    for milliseconds in [1, 10] {
        asyncPair(
            "injector.getAsync.1000ConcurrentFirst.\(milliseconds)ms",
            baseline: "baseline-one-creation-then-1000-concurrent-gets",
            ours: {
                let creations = Creations()
                let injector = freshAsyncInjector(creations, milliseconds: milliseconds)
                await requestConcurrently(injector)
                precondition(
                    creations.count.load(ordering: .relaxed) == 1, "the singleton was created more than once")
            },
            base: {
                let creations = Creations()
                let injector = freshAsyncInjector(creations, milliseconds: milliseconds)
                blackHole(try? await injector.getAsync(AsyncConcurrentService.self))
                await requestConcurrently(injector)
            })
    }
}

/// `concurrentRequests` child tasks of one task group, each asking `injector` for the singleton.
func requestConcurrently(_ injector: Injector) async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrentRequests {
            group.addTask { blackHole(try? await injector.getAsync(AsyncConcurrentService.self)) }
        }
    }
}

/// Registers `<row> ours`, `<row> <baseline>` and `<row> interleaved` for async blocks, with the
/// metrics of `PairedBenchmark` (the table script reads the interleaved ratio).
func asyncPair(
    _ row: String, baseline: String, ours: @escaping @Sendable () async -> Void,
    base: @escaping @Sendable () async -> Void
) {
    Benchmark("\(row) ours") { _ in await ours() }
    Benchmark("\(row) \(baseline)") { _ in await base() }
    var interleaved = Benchmark.defaultConfiguration
    interleaved.metrics = [PairedBenchmark.oursTime, PairedBenchmark.baselineTime, PairedBenchmark.ratio]
    interleaved.units = [
        PairedBenchmark.oursTime: .count, PairedBenchmark.baselineTime: .count, PairedBenchmark.ratio: .count,
    ]
    let order = Atomic<Int>(0)
    Benchmark("\(row) interleaved", configuration: interleaved) { benchmark in
        let clock = ContinuousClock()
        func warmAndMeasure(_ block: @Sendable () async -> Void) async -> Duration {
            await block()
            let start = clock.now
            await block()
            return clock.now - start
        }
        let oursElapsed: Duration
        let baseElapsed: Duration
        if order.add(1, ordering: .relaxed).newValue % 2 == 0 {
            oursElapsed = await warmAndMeasure(ours)
            baseElapsed = await warmAndMeasure(base)
        } else {
            baseElapsed = await warmAndMeasure(base)
            oursElapsed = await warmAndMeasure(ours)
        }
        let oursNanoseconds = nanoseconds(oursElapsed)
        let baseNanoseconds = max(1, nanoseconds(baseElapsed))
        benchmark.measurement(PairedBenchmark.oursTime, oursNanoseconds)
        benchmark.measurement(PairedBenchmark.baselineTime, baseNanoseconds)
        benchmark.measurement(
            PairedBenchmark.ratio, Int((Double(oursNanoseconds) / Double(baseNanoseconds) * 1e6).rounded()))
    }
}

private func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}
