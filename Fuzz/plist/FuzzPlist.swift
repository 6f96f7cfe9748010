// libFuzzer entry point for PlistPropertyLoader (Foundation's PropertyListSerialization behind
// it, then our top-level check and value bridging), built by Scripts/fuzz.sh.

import Foundation
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = count > 0 ? Data(bytes: start!, count: count) : Data()
    _ = try? PlistPropertyLoader(data: data, name: "fuzz.plist").loadProperties()
    return 0
}
