import Benchmark

/// Registers one row of the results table: our code and its baseline, each alone, and the two
/// timed back to back in every iteration of a third benchmark.
///
/// The row's ratio is the issue's: the median of `<row> ours` over the median of
/// `<row> baseline-…`, two benchmarks that run seconds apart. On a shared virtual machine the
/// speed of the whole machine changes within that time (steal time comes in bursts of tens to
/// hundreds of milliseconds) by as much as some differences being measured, so the same row can
/// pass in one run and fail in the next. `<row> paired` is the check on that: each iteration
/// times one block of ours and one block of the baseline, alternating which goes first, and
/// records both times and their ratio. `Scripts/benchmark-table.py` prints the median and the
/// quartiles of those per-iteration ratios next to the row's ratio. They move much less between
/// runs, but they are a different measurement: each block runs right after the other side's
/// block, with the caches and the allocator in the state that block left them in.
public enum PairedBenchmark {
    /// Our block's time in nanoseconds.
    public static let oursTime = BenchmarkMetric.custom("pairedOurs", useScalingFactor: false)
    /// The baseline block's time in nanoseconds.
    public static let baselineTime = BenchmarkMetric.custom("pairedBaseline", useScalingFactor: false)
    /// Ours / baseline of one iteration, in parts per million.
    public static let ratio = BenchmarkMetric.custom("pairedRatio", useScalingFactor: false)

    /// Registers `<row> ours`, `<row> <baselineName>` and `<row> paired`, each with
    /// `configuration`. Each closure runs one measured block; set-up belongs outside them.
    ///
    /// With `processes` above 1, each side is also registered as `<row> ours (2)`,
    /// `<row> <baselineName> (2)` and so on, alternating sides. The harness runs every benchmark
    /// in its own process, and `Scripts/benchmark-table.py` takes each side's time as the median
    /// of its processes' medians, so one process that the machine ran slowly throughout does not
    /// decide the row.
    public static func register(
        _ row: String,
        baseline baselineName: String,
        configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
        processes: Int = 1,
        ours: @escaping () throws -> Void,
        baseline: @escaping () throws -> Void
    ) {
        for process in 1...max(1, processes) {
            let suffix = process == 1 ? "" : " (\(process))"
            Benchmark("\(row) ours\(suffix)", configuration: configuration) { _ in try ours() }
            Benchmark("\(row) \(baselineName)\(suffix)", configuration: configuration) { _ in try baseline() }
        }

        var paired = configuration
        paired.metrics = [oursTime, baselineTime, ratio]
        paired.units = [oursTime: .count, baselineTime: .count, ratio: .count]
        let order = Alternation()
        Benchmark("\(row) paired", configuration: paired) { benchmark in
            let clock = ContinuousClock()
            let oursElapsed: Duration
            let baselineElapsed: Duration
            if order.oursFirst() {
                oursElapsed = try clock.measure(ours)
                baselineElapsed = try clock.measure(baseline)
            } else {
                baselineElapsed = try clock.measure(baseline)
                oursElapsed = try clock.measure(ours)
            }
            let oursNanoseconds = nanoseconds(oursElapsed)
            let baselineNanoseconds = max(1, nanoseconds(baselineElapsed))
            benchmark.measurement(oursTime, oursNanoseconds)
            benchmark.measurement(baselineTime, baselineNanoseconds)
            benchmark.measurement(ratio, Int((Double(oursNanoseconds) / Double(baselineNanoseconds) * 1e6).rounded()))
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    /// Which side goes first: ours in even iterations, the baseline in odd ones. The harness
    /// runs a benchmark's iterations on one thread, one at a time.
    private final class Alternation: @unchecked Sendable {
        private var count = 0

        func oursFirst() -> Bool {
            count += 1
            return count % 2 == 0
        }
    }
}
