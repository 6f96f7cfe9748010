import Benchmark
import BenchmarkPairs
import Foundation
import GraphServices
import Swinject
import SwinjectAutoregistration
import SwinjectInjection

// Registration of the graph's services (72 shared types plus N top-level services): a new
// container or injector per block. An injector whose factories `get` from it is never freed (each
// factory holds it), so both sides keep what each block made alive until the benchmark ends, and
// neither side pays for tearing down.

/// Runs the FirstRegistration program (built next to this benchmark by `swift build`) for one
/// side; returns the nanoseconds it printed.
func firstRegistrationNanoseconds(_ program: URL, side: String) throws -> Int {
    let process = Process()
    process.executableURL = program
    process.arguments = [side, "100"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let nanoseconds = Int(text) else {
        throw FirstRegistrationFailure(side: side, output: text)
    }
    return nanoseconds
}

struct FirstRegistrationFailure: Error, CustomStringConvertible {
    let side: String
    let output: String
    var description: String { "FirstRegistration \(side) failed: \(output)" }
}

/// The first registration in a process, one fresh process per side and sample.
///
/// A cold path can only be measured once per process, so each sample starts the
/// FirstRegistration program twice (ours and the baseline, alternating which goes first) and
/// records the times the program measured around the registration alone, not the process start.
/// The metrics are the interleaved ones of ``PairedBenchmark``, so the table reads the row the
/// same way.
func registerFirstRegistration(_ row: String, side: String, baseline: String) {
    // Next to this benchmark's executable (Bundle.main resolves it from /proc/self/exe: the
    // harness may start it by a relative path from another directory).
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let program = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("FirstRegistration")
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
        print("skipping \(row): build FirstRegistration first (swift build -c release)")
        return
    }
    var configuration = Benchmark.Configuration(
        metrics: [PairedBenchmark.oursTime, PairedBenchmark.baselineTime, PairedBenchmark.ratio],
        units: [PairedBenchmark.oursTime: .count, PairedBenchmark.baselineTime: .count, PairedBenchmark.ratio: .count],
        warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 40)
    configuration.timeUnits = .microseconds
    let count = Counter()
    Benchmark("\(row) interleaved", configuration: configuration) { benchmark in
        let oursFirst = count.next() % 2 == 0
        var ours = 0
        var base = 0
        if oursFirst {
            ours = try firstRegistrationNanoseconds(program, side: side)
            base = try firstRegistrationNanoseconds(program, side: "manual")
        } else {
            base = try firstRegistrationNanoseconds(program, side: "manual")
            ours = try firstRegistrationNanoseconds(program, side: side)
        }
        benchmark.measurement(PairedBenchmark.oursTime, ours)
        benchmark.measurement(PairedBenchmark.baselineTime, max(1, base))
        benchmark.measurement(PairedBenchmark.ratio, Int((Double(ours) / Double(max(1, base)) * 1e6).rounded()))
    }
}

/// What registration blocks made, kept alive (the harness runs a benchmark's iterations on one
/// thread).
final class Kept: @unchecked Sendable {
    private var objects: [AnyObject] = []
    func keep(_ object: AnyObject) { objects.append(object) }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

func registerRegistrationBenchmarks() {
    for services in [100, 1_000] {
        var configuration = allowing(mallocs: (services + 72) / 10)
        configuration.maxIterations = services == 100 ? 400 : 100
        let kept = Kept()
        let manual = {
            let container = Container()
            Graph.registerByHand(container, services: services)
            kept.keep(container)
        }
        PairedBenchmark.register(
            "register.autoregister.\(services)", baseline: "baseline-manual", configuration: configuration,
            ours: {
                let container = Container()
                Graph.autoregister(container, services: services)
                kept.keep(container)
            },
            baseline: manual)
        PairedBenchmark.register(
            "register.injector.\(services)", baseline: "baseline-manual", configuration: configuration,
            ours: {
                let injector = Injector(label: "graph")
                Graph.register(injector, services: services)
                kept.keep(injector)
            },
            baseline: manual)
    }
    registerFirstRegistration("register.first.autoregister", side: "autoregister", baseline: "manual")
    registerFirstRegistration("register.first.injector", side: "injector", baseline: "manual")
}
