import Benchmark

/// Registers one row of the results table: our code and its baseline, each alone, and the two
/// interleaved in one process.
///
/// The row's ratio is the median of our blocks over the median of the baseline's blocks, both
/// timed in `<row> interleaved`. Each iteration times one block of each side, alternating which
/// goes first, and runs one untimed block of a side right before timing it, so every timed block
/// follows a block of its own kind, as it does in a benchmark of that side alone (without that,
/// each block ran after the other side had left the caches and the allocator in its own state,
/// and the TOML load read 0.31 to 0.33 of TOMLKit that way, against 0.19 to 0.28 alone). The
/// two sides are timed milliseconds apart, so both see the same machine: the shared VM these
/// benchmarks run on alternates between full and about half speed in stretches of a second or
/// more, and two benchmarks run seconds apart in separate processes (`<row> ours` and
/// `<row> <baselineName>`, which the harness also runs, for their allocation counts and as a
/// reference ratio) can land in different stretches. Rows whose sides
/// cost the same in instructions read 0.65 to 1.66 that way in one day's runs.
public enum PairedBenchmark {
    /// Our block's time in nanoseconds.
    public static let oursTime = BenchmarkMetric.custom("interleavedOurs", useScalingFactor: false)
    /// The baseline block's time in nanoseconds.
    public static let baselineTime = BenchmarkMetric.custom("interleavedBaseline", useScalingFactor: false)
    /// Ours / baseline of one iteration, in parts per million (its quartiles show the spread).
    public static let ratio = BenchmarkMetric.custom("interleavedRatio", useScalingFactor: false)

    /// Registers `<row> ours`, `<row> <baselineName>` and `<row> interleaved`, each with
    /// `configuration`. Each closure runs one measured block; set-up belongs outside them.
    public static func register(
        _ row: String,
        baseline baselineName: String,
        configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
        ours: @escaping () throws -> Void,
        baseline: @escaping () throws -> Void
    ) {
        Benchmark("\(row) ours", configuration: configuration) { _ in try ours() }
        Benchmark("\(row) \(baselineName)", configuration: configuration) { _ in try baseline() }

        var interleaved = configuration
        interleaved.metrics = [oursTime, baselineTime, ratio]
        interleaved.units = [oursTime: .count, baselineTime: .count, ratio: .count]
        let order = Alternation()
        Benchmark("\(row) interleaved", configuration: interleaved) { benchmark in
            let clock = ContinuousClock()
            func warmAndMeasure(_ block: () throws -> Void) throws -> Duration {
                try block()
                return try clock.measure(block)
            }
            let oursElapsed: Duration
            let baselineElapsed: Duration
            if order.oursFirst() {
                oursElapsed = try warmAndMeasure(ours)
                baselineElapsed = try warmAndMeasure(baseline)
            } else {
                baselineElapsed = try warmAndMeasure(baseline)
                oursElapsed = try warmAndMeasure(ours)
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
