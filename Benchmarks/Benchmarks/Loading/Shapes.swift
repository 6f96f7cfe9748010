import Benchmark
import BenchmarkInputs
import BenchmarkPairs
import Foundation
import SwinjectPropertyLoader
import TOMLKit

// TOML and JSON with comments in three differently shaped generated inputs of about 2 MB each
// (GeneratedInputs+Shapes.swift): few large tables; many small nested tables with arrays of
// tables; long arrays and inline tables. Ours loads into a container; the baselines are TOMLKit's
// parse plus a walk into dictionaries, and JSONSerialization of the same bytes without comments.

func registerShapeBenchmarks() {
    // A load's allocation count is exact; the tolerance absorbs the harness's own.
    var configuration = Benchmark.defaultConfiguration
    configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 50])]
    for shape in InputShape.allCases {
        let toml = GeneratedInputs.toml(shape: shape)
        let tomlString = String(decoding: toml, as: UTF8.self)
        PairedBenchmark.register(
            "toml.load.\(shape.rawValue)", baseline: "baseline-TOMLKit", configuration: configuration,
            ours: { blackHole(loadContainer(TomlPropertyLoader(data: toml))) },
            baseline: { blackHole(tomlKitWalk(try TOMLTable(string: tomlString))) })

        let jsonWithComments = GeneratedInputs.json(shape: shape, comments: true)
        let jsonPlain = GeneratedInputs.json(shape: shape, comments: false)
        PairedBenchmark.register(
            "jsonc.load.\(shape.rawValue)", baseline: "baseline-JSONSerialization", configuration: configuration,
            ours: { blackHole(loadContainer(JsonPropertyLoader(data: jsonWithComments))) },
            baseline: { blackHole(try JSONSerialization.jsonObject(with: jsonPlain)) })
    }
}
