// libFuzzer entry point for JSONParser, built by Scripts/fuzz.sh.

import PropertyFormats

/// Small limits, so that every input also runs the limit checks.
private let tightLimits = ParseLimits(maxDepth: 6, maxInputBytes: 1 << 16, maxKeys: 16, maxStringBytes: 32)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
    let first = try? JSONParser.parse(bytes)
    _ = try? JSONParser.parse(bytes, options: .init(limits: tightLimits, duplicateKeys: .useLast))
    let strict = try? JSONParser.parse(bytes, options: .init(allowsComments: false))
    // A document without comments must read the same with or without comment support.
    if let strict, let first, strict != first {
        fatalError("comment support changed the value of a comment-free document")
    }
    if strict != nil, first == nil {
        fatalError("a document accepted without comment support was rejected with it")
    }
    return 0
}
