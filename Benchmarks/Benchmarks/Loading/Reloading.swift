import Benchmark
import BenchmarkInputs
import Foundation
import Swinject
import SwinjectPropertyLoader
import Synchronization

// Reload rows (issue #23): change-to-visible latency with the default watch, the p99 of a
// property read while a 5 MB JSON file reloads continuously against the p99 without reloads
// (both sides in the same iteration, order alternated), and resident growth over 1,000 reloads.

/// A folder of its own for each row's files.
private func reloadFolder(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-bench-\(name)-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func writeFile(_ data: Data, to url: URL) {
    do { try data.write(to: url, options: .atomic) } catch { fatalError("cannot write \(url.path): \(error)") }
}

private func makeReloader(_ container: Container, _ loaders: [any PropertyLoader]) -> PropertyReloader {
    do {
        return try PropertyReloader(container: container, loaders: loaders, options: .init(reloadsOnHangup: false))
    } catch {
        fatalError("benchmark input failed to load: \(error)")
    }
}

private func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}

/// The 99th percentile of `samples` (sorted in place).
private func percentile99(_ samples: inout [Int]) -> Int {
    samples.sort()
    return samples[min(samples.count - 1, samples.count * 99 / 100)]
}

/// Reads `key` `count` times, timing each read, into `samples`.
private func timedReads(_ container: Container, key: String, count: Int, into samples: inout [Int]) {
    let clock = ContinuousClock()
    for _ in 0..<count {
        let start = clock.now
        let value: Int? = container.property(key)
        blackHole(value)
        samples.append(nanoseconds(start.duration(to: clock.now)))
    }
}

/// Runs `body` on a thread of its own until `stop` is set; returns how many times it ran.
private final class BackgroundLoop: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                body()
                count.add(1, ordering: .relaxed)
            }
            finished.signal()
        }
        thread.start()
    }

    /// How many times `body` has run.
    var completed: Int { count.load(ordering: .relaxed) }

    func stop() -> Int {
        stopped.store(true, ordering: .releasing)
        finished.wait()
        return count.load(ordering: .relaxed)
    }
}

/// The latency row's container, watched for the whole run, and the last value written. The
/// harness runs a benchmark's iterations on one thread, one at a time.
nonisolated(unsafe) private var latencySetup: (container: Container, reloader: PropertyReloader, file: URL)?
nonisolated(unsafe) private var latencyCounter = 0

/// A counter shared with the reloading thread.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

func registerReloadBenchmarks() {
    let latency = BenchmarkMetric.custom("changeToVisibleMicroseconds", useScalingFactor: false)
    Benchmark(
        "reload.change-to-visible.default-poll ours",
        configuration: .init(
            metrics: [latency], units: [latency: .count], warmupIterations: 1, maxDuration: .seconds(20),
            maxIterations: 40)
    ) { benchmark in
        // Default options: poll every 50 ms. Each iteration writes a new value and reads until
        // it is visible, checking every 0.2 ms.
        if latencySetup == nil {
            let file = reloadFolder("latency").appendingPathComponent("config.json")
            writeFile(Data(#"{"n": 0}"#.utf8), to: file)
            let container = Container()
            let reloader = makeReloader(container, [JsonPropertyLoader(url: file)])
            reloader.startWatching()
            latencySetup = (container, reloader, file)
        }
        guard let setup = latencySetup else { return }
        latencyCounter += 1
        let expected = latencyCounter
        let clock = ContinuousClock()
        let start = clock.now
        writeFile(Data(#"{"n": \#(expected)}"#.utf8), to: setup.file)
        while (setup.container.property("n") as Int?) != expected {
            usleep(200)
            if start.duration(to: clock.now) > .seconds(10) { fatalError("change not visible within 10 s") }
        }
        benchmark.measurement(latency, nanoseconds(start.duration(to: clock.now)) / 1_000)
    }

    let quiet = BenchmarkMetric.custom("p99QuietNanoseconds", useScalingFactor: false)
    let reloading = BenchmarkMetric.custom("p99ReloadingNanoseconds", useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("p99RatioPermille", useScalingFactor: false)
    let reloadCount = BenchmarkMetric.custom("reloadsDuringReads", useScalingFactor: false)
    Benchmark(
        "reload.property-p99.5MB-continuous ours",
        configuration: .init(
            metrics: [quiet, reloading, ratio, reloadCount],
            units: [quiet: .count, reloading: .count, ratio: .count, reloadCount: .count], warmupIterations: 0,
            maxDuration: .seconds(120), maxIterations: 6)
    ) { benchmark in
        // One container with the 5 MB JSON file (100k leaves) and a small file whose counter
        // changes on every reload. Each iteration times reads with no reload running and reads
        // while another thread reloads without pause (at least 5 reloads, 500k reads), in
        // alternating order.
        let folder = reloadFolder("p99")
        let large = folder.appendingPathComponent("large.json")
        let small = folder.appendingPathComponent("small.json")
        writeFile(jsonPlain, to: large)
        writeFile(Data(#"{"counter": 0}"#.utf8), to: small)
        let container = Container()
        let reloader = makeReloader(container, [JsonPropertyLoader(url: large), JsonPropertyLoader(url: small)])
        let key = "section_1000.port_3"
        var warmUp: [Int] = []
        timedReads(container, key: key, count: 10_000, into: &warmUp)
        let counter = Counter()
        // Reads in chunks until at least 5 reloads completed and 500k reads were timed.
        func whileReloading() -> ([Int], Int) {
            let loop = BackgroundLoop {
                let round = counter.value.add(1, ordering: .relaxed).newValue
                writeFile(Data(#"{"counter": \#(round)}"#.utf8), to: small)
                _ = try? reloader.reload()
            }
            var samples: [Int] = []
            while loop.completed < 5 || samples.count < 500_000 {
                timedReads(container, key: key, count: 50_000, into: &samples)
            }
            return (samples, loop.stop())
        }
        func quietly(_ count: Int) -> [Int] {
            var samples: [Int] = []
            samples.reserveCapacity(count)
            timedReads(container, key: key, count: count, into: &samples)
            return samples
        }
        var without: [Int]
        var with: [Int]
        var reloads: Int
        if Int.random(in: 0...1) == 0 {
            without = quietly(500_000)
            (with, reloads) = whileReloading()
        } else {
            (with, reloads) = whileReloading()
            without = quietly(with.count)
        }
        let quietP99 = percentile99(&without)
        let reloadingP99 = percentile99(&with)
        benchmark.measurement(quiet, quietP99)
        benchmark.measurement(reloading, reloadingP99)
        benchmark.measurement(ratio, reloadingP99 * 1_000 / max(1, quietP99))
        benchmark.measurement(reloadCount, reloads)
    }

    let growth = BenchmarkMetric.custom("residentGrowthKilobytes", useScalingFactor: false)
    Benchmark(
        "reload.memory.x1000 ours",
        configuration: .init(
            metrics: [.wallClock, growth], timeUnits: .seconds, units: [growth: .count], warmupIterations: 0,
            maxDuration: .seconds(300), maxIterations: 1)
    ) { benchmark in
        // A 100 KB JSON file (2,000 leaves) whose `round` changes on every reload, with a
        // subscriber to events and a container-scoped service that reads a changed key. Memory
        // is trimmed before each reading, so the growth is what the reloads kept alive.
        let file = reloadFolder("memory").appendingPathComponent("config.json")
        let documents = (0..<2).map { variant in
            GeneratedInputs.json(sections: 40, leavesPerSection: 50, comments: false)
                + Data(variant == 0 ? "\n".utf8 : "\n\n".utf8)
        }
        func write(_ round: Int) {
            let text = #"{"round": \#(round), "body": "# + String(decoding: documents[round % 2], as: UTF8.self) + "}"
            writeFile(Data(text.utf8), to: file)
        }
        write(0)
        let container = Container()
        let reloader = makeReloader(container, [JsonPropertyLoader(url: file)])
        final class Service {
            let round: Int
            init(round: Int) { self.round = round }
        }
        container.register(Service.self) { r in Service(round: r.property("round") ?? 0) }.inObjectScope(.container)
        let events = reloader.events()
        let drain = Task {
            var count = 0
            for await _ in events { count += 1 }
            return count
        }
        for round in 1...50 {
            write(round)
            _ = try? reloader.reload()
            blackHole(container.resolve(Service.self))
        }
        ProcessMemory.trimAllocator()
        let before = ProcessMemory.residentBytes() ?? 0
        for round in 51...1_050 {
            write(round)
            _ = try? reloader.reload()
            blackHole(container.resolve(Service.self))
        }
        ProcessMemory.trimAllocator()
        let after = ProcessMemory.residentBytes() ?? 0
        benchmark.measurement(growth, max(0, after - before) / 1_024)
        drain.cancel()
    }
}
