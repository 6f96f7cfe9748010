// libFuzzer entry point for YAMLPropertyLoader: libyaml's events, the composer's limits (depth,
// alias expansion, keys), scalar typing, then apply to a container and read every key back,
// built by Scripts/fuzz.sh with the YAML trait's define and libyaml from Yams.

import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = count > 0 ? Data(bytes: start!, count: count) : Data()
    FuzzReadBack.exercise(YAMLPropertyLoader(data: data, name: "fuzz.yaml"))
    // Tight limits reach every limit's error path on small inputs.
    let limits = ParseLimits(maxDepth: 6, maxKeys: 20, maxStringBytes: 64, maxNodesPerInputByte: 1)
    FuzzReadBack.exercise(YAMLPropertyLoader(data: data, name: "fuzz.yaml", options: .init(limits: limits)))
    return 0
}
