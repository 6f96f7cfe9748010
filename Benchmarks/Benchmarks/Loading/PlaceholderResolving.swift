import Benchmark
import BenchmarkInputs
import BenchmarkPairs
import Swinject
import SwinjectPropertyLoader

/// A loader that returns a batch built once, so the rows time only applying it.
struct PrebuiltBatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}

/// 100k keys, 10k of them `"${service.k<i>}/v1"` referring to plain keys.
let placeholderBatch = placeholderInput(keys: 100_000, resolved: false)
/// The same keys with the placeholders' results written out: what the templates expand to.
let resolvedBatch = placeholderInput(keys: 100_000, resolved: true)
/// A tenth of the input: 10k keys, 1k placeholders.
let smallPlaceholderBatch = placeholderInput(keys: 10_000, resolved: false)

func placeholderInput(keys: Int, resolved: Bool) -> PrebuiltBatchLoader {
    var batch = PropertyBatch()
    let source = PropertySource(name: "placeholders.json")
    for (key, text) in GeneratedInputs.placeholderProperties(keys: keys, resolved: resolved) {
        batch.set(key, to: .string(text), source: source)
    }
    return PrebuiltBatchLoader(batch: batch)
}

/// The placeholder rows: applying 100k keys with 10k placeholders against the same keys with
/// the results written out (the cost of resolving), and against a tenth of the input (whether
/// the cost grows in proportion).
func registerPlaceholderBenchmarks() {
    PairedBenchmark.register(
        "placeholders.apply.100k-keys-10k-refs", baseline: "baseline-written-out",
        ours: { blackHole(loadContainer(placeholderBatch)) },
        baseline: { blackHole(loadContainer(resolvedBatch)) })
    PairedBenchmark.register(
        "placeholders.scaling.100k-keys-10k-refs", baseline: "baseline-10k-keys-1k-refs",
        ours: { blackHole(loadContainer(placeholderBatch)) },
        baseline: { blackHole(loadContainer(smallPlaceholderBatch)) })
}
