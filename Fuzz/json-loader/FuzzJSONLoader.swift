// libFuzzer entry point for JsonPropertyLoader: parse, top-level check, then apply to a
// container and read every key back (exact keys, dot paths, sections), built by Scripts/fuzz.sh.

import Foundation
import Swinject
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLoader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = count > 0 ? Data(bytes: start!, count: count) : Data()
    let loader = JsonPropertyLoader(data: data, name: "fuzz.json")
    FuzzReadBack.exercise(loader)
    return 0
}
