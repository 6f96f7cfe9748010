import BenchmarkInputs
import Swinject
import SwinjectPropertyLoader

/// The placeholder workloads, for callgrind (see `main.swift`):
///
///   placeholders N              apply 100k keys, 10k of them `${service.k<i>}/v1`, N times
///   placeholders-written-out N  the same keys with what the placeholders expand to (the baseline)
///   placeholders-10k N          a tenth of the input (the `placeholders.scaling` baseline)
///
/// The inputs of the `placeholders.apply` and `placeholders.scaling` benchmark rows.
func runPlaceholderWorkload(_ workload: String, repetitions: Int) throws -> Bool {
    let batch: PropertyBatch
    switch workload {
    case "placeholders": batch = placeholderBatch(keys: 100_000, resolved: false)
    case "placeholders-written-out": batch = placeholderBatch(keys: 100_000, resolved: true)
    case "placeholders-10k": batch = placeholderBatch(keys: 10_000, resolved: false)
    default: return false
    }
    for _ in 0..<repetitions { try Container().applyPropertyLoader(BatchLoader(batch: batch)) }
    return true
}

/// A loader that returns a batch built once.
private struct BatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}

/// The batch of the `placeholders.apply` row's input.
private func placeholderBatch(keys: Int, resolved: Bool) -> PropertyBatch {
    var batch = PropertyBatch()
    let source = PropertySource(name: "placeholders.json")
    for (key, text) in GeneratedInputs.placeholderProperties(keys: keys, resolved: resolved) {
        batch.set(key, to: .string(text), source: source)
    }
    return batch
}
