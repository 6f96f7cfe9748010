// libFuzzer entry point: one or two JSON documents applied to a container, then every read path
// (FuzzReadPaths), built by Scripts/fuzz.sh.

import Foundation
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReads(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzReadPaths.exercise(data) { document, name in JsonPropertyLoader(data: document, name: name + ".json") }
    return 0
}
