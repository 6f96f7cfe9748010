import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectAutoregistration

// An async autoregistered resolve of a service with 3 dependencies against the synchronous
// autoregistered resolve of the same shape, timed interleaved in one process as PairedBenchmark
// does (which takes only synchronous blocks): each iteration times a block of each side,
// alternating which goes first, after one untimed block of that side. 1,000 resolves per block.

/// Built by an `async` initializer.
final class AsyncService3Deps {
    let d1: D1
    let d2: D2
    let d3: D3

    init(d1: D1, d2: D2, d3: D3) async {
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
    }
}

/// The same service built synchronously.
final class SyncService3Deps {
    let d1: D1
    let d2: D2
    let d3: D3

    init(d1: D1, d2: D2, d3: D3) {
        self.d1 = d1
        self.d2 = d2
        self.d3 = d3
    }
}

func registerAsyncAutoregistrationBenchmarks() {
    let container = Container()
    registerDependencies(container)
    container.autoregister(AsyncService3Deps.self, initializer: AsyncService3Deps.init)
    container.autoregister(SyncService3Deps.self, initializer: SyncService3Deps.init)
    nonisolated(unsafe) let shared = container
    let operations = 1_000

    func asyncBlock() async throws {
        for _ in 0..<operations { blackHole(try await shared.resolveAsync(AsyncService3Deps.self)) }
    }
    func syncBlock() {
        for _ in 0..<operations { blackHole(shared.resolve(SyncService3Deps.self)) }
    }

    var configuration = Benchmark.defaultConfiguration
    configuration.maxDuration = .seconds(2)
    configuration.maxIterations = 1_000
    let row = "autoregister.resolveAsync.3deps"
    Benchmark("\(row) ours", configuration: configuration) { _ in try await asyncBlock() }
    Benchmark("\(row) baseline-sync", configuration: configuration) { _ in syncBlock() }

    var interleaved = configuration
    interleaved.metrics = [PairedBenchmark.oursTime, PairedBenchmark.baselineTime, PairedBenchmark.ratio]
    interleaved.units = [
        PairedBenchmark.oursTime: .count, PairedBenchmark.baselineTime: .count, PairedBenchmark.ratio: .count,
    ]
    nonisolated(unsafe) var iteration = 0
    Benchmark("\(row) interleaved", configuration: interleaved) { benchmark in
        let clock = ContinuousClock()
        iteration += 1
        var oursElapsed = Duration.zero
        var syncElapsed = Duration.zero
        for side in iteration.isMultiple(of: 2) ? [true, false] : [false, true] {
            if side {
                try await asyncBlock()
                let start = clock.now
                try await asyncBlock()
                oursElapsed = clock.now - start
            } else {
                syncBlock()
                syncElapsed = clock.measure { syncBlock() }
            }
        }
        let ours = nanoseconds(oursElapsed)
        let baseline = max(1, nanoseconds(syncElapsed))
        benchmark.measurement(PairedBenchmark.oursTime, ours)
        benchmark.measurement(PairedBenchmark.baselineTime, baseline)
        benchmark.measurement(PairedBenchmark.ratio, Int((Double(ours) / Double(baseline) * 1e6).rounded()))
    }
}

private func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}
