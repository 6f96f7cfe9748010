import BenchmarkInputs
import Foundation
import Swinject
import SwinjectPropertyLoader

/// The input-shape workloads, for callgrind (see `main.swift`):
///
///   toml-<shape>, jsonc-<shape>, json-<shape> N    load the 2 MB document of that shape N times
///   (json-<shape> is JSONSerialization of the document without comments, the baseline)
///
/// where <shape> is few-large-tables, many-small-nested or long-arrays-inline.
func runShapeWorkload(_ workload: String, repetitions: Int) throws -> Bool {
    for shape in InputShape.allCases {
        switch workload {
        case "toml-\(shape.rawValue)":
            let data = GeneratedInputs.toml(shape: shape)
            for _ in 0..<repetitions { try Container().applyPropertyLoader(TomlPropertyLoader(data: data)) }
            return true
        case "jsonc-\(shape.rawValue)":
            let data = GeneratedInputs.json(shape: shape, comments: true)
            for _ in 0..<repetitions { try Container().applyPropertyLoader(JsonPropertyLoader(data: data)) }
            return true
        case "json-\(shape.rawValue)":
            let data = GeneratedInputs.json(shape: shape, comments: false)
            for _ in 0..<repetitions { _ = try JSONSerialization.jsonObject(with: data) }
            return true
        default:
            continue
        }
    }
    return false
}
