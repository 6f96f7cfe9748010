import Benchmark
import BenchmarkPairs
import Swinject
import SwinjectPropertyLoader

/// A loader that returns a batch built once, so the rows time only applying it.
struct PrebuiltBatchLoader: PropertyLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}

/// 100k keys, 10k of them `"${service.k<i>}/v1"` referring to plain keys.
let placeholderBatch = placeholderInput(resolved: false)
/// The same keys with the placeholders' results written out: what the templates expand to.
let resolvedBatch = placeholderInput(resolved: true)

func placeholderInput(resolved: Bool) -> PrebuiltBatchLoader {
    var batch = PropertyBatch()
    let source = PropertySource(name: "placeholders.json")
    for index in 0..<90_000 {
        batch.set("service.k\(index)", to: .string("value-\(index)"), source: source)
    }
    for index in 0..<10_000 {
        let text = resolved ? "value-\(index * 9)/v1" : "${service.k\(index * 9)}/v1"
        batch.set("templated.k\(index)", to: .string(text), source: source)
    }
    return PrebuiltBatchLoader(batch: batch)
}

/// The placeholder row: applying 100k keys with 10k placeholders into a container against
/// applying the same keys with the results already written out.
func registerPlaceholderBenchmarks() {
    PairedBenchmark.register(
        "placeholders.apply.100k-keys-10k-refs", baseline: "baseline-written-out",
        ours: { blackHole(loadContainer(placeholderBatch)) },
        baseline: { blackHole(loadContainer(resolvedBatch)) })
}
