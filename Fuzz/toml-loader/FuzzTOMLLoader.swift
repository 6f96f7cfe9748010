// libFuzzer entry point for TomlPropertyLoader: parse, flatten, the conflicting-key rule, then
// apply to a container and read every key back, built by Scripts/fuzz.sh.

import Foundation
import Swinject
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOMLLoader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = count > 0 ? Data(bytes: start!, count: count) : Data()
    FuzzReadBack.exercise(TomlPropertyLoader(data: data, name: "fuzz.toml"))
    FuzzReadBack.exercise(TomlPropertyLoader(data: data, name: "fuzz.toml", options: .init(version: .v1_1)))
    return 0
}
