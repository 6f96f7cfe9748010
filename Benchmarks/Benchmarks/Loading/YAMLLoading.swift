import Benchmark
import BenchmarkInputs
import BenchmarkPairs
import Foundation
import SwinjectPropertyLoader
import Yams

/// About 2 MB of YAML with anchors and merge keys.
let yamlDocument = GeneratedInputs.yaml()

/// The YAML row: YAMLPropertyLoader into a container against `Yams.load` of the same bytes
/// (decoded to a `String`, as Yams takes them). Needs the SwinjectKit trait `YAML`, which
/// Benchmarks/Package.swift enables on its SwinjectKit dependency.
func registerYAMLBenchmarks() {
    PairedBenchmark.register(
        "yaml.load.2MB", baseline: "baseline-Yams",
        ours: { blackHole(loadContainer(YAMLPropertyLoader(data: yamlDocument))) },
        baseline: { blackHole(try Yams.load(yaml: String(decoding: yamlDocument, as: UTF8.self))) })
}
