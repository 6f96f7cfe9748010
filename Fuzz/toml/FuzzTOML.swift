// libFuzzer entry point for TOMLParser, built by Scripts/fuzz.sh.

import PropertyFormats

/// Small limits, so that every input also runs the limit checks.
private let tightLimits = ParseLimits(maxDepth: 6, maxInputBytes: 1 << 16, maxKeys: 16, maxStringBytes: 32)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
    let v10 = try? TOMLParser.parse(bytes)
    let v11 = try? TOMLParser.parse(bytes, options: .init(version: .v1_1))
    _ = try? TOMLParser.parse(bytes, options: .init(limits: tightLimits, version: .v1_1))
    if let v10 {
        _ = v10.flattened()
        // TOML 1.1 only adds syntax: every 1.0 document reads the same under 1.1.
        if v11 != v10 { fatalError("a TOML 1.0 document reads differently under TOML 1.1") }
    }
    return 0
}
