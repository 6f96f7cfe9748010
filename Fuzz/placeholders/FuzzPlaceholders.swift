// libFuzzer entry point: lines `key=value` applied to a container as strings, so values hold
// `${key}`, `${key:-default}` and `$${` in any arrangement; then every key is read, the
// properties are described, a second loader changes a key (every template resolves again),
// and a child container adds its own. Built by Scripts/fuzz.sh.
//
// Checked: no crash, no hang (every error is a thrown PropertyLoaderError), and a secret's
// bytes never reach a description unless the input has the byte the secret is made of.

import Foundation
import Swinject
import SwinjectPropertyLoader

private struct LinesLoader: PropertyBatchLoader {
    let pairs: [(String, String)]
    let name: String

    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        for (index, (key, value)) in pairs.enumerated() {
            batch.set(
                key, to: .string(value), source: PropertySource(name: name, position: .init(line: index + 1, column: 1))
            )
        }
        return batch
    }
}

/// Bytes no input can assemble without the byte 0x07 itself.
private let secretBytes = "\u{07}\u{07}secret\u{07}"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaceholders(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    var pairs: [(String, String)] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(256) {
        let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        pairs.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
    }
    let container = Container()
    container.placeholderLimits = PlaceholderLimits(maxDepth: 16, maxValueBytes: 1 << 16, maxTotalBytes: 1 << 20)
    let secret = [("fuzz.password", secretBytes)]
    do {
        try container.applyPropertyLoaders([
            LinesLoader(pairs: secret, name: "secret.env"), LinesLoader(pairs: pairs, name: "fuzz.env"),
        ])
    } catch {
        _ = "\(error)"
        return 0
    }
    for key in container.propertyKeys {
        let _: String? = container.property(key)
        let _: Int? = container.property(key)
        _ = container.propertyRecord(for: key)?.description
    }
    let description = container.propertiesDescription
    if !data.contains(0x07), description.contains(secretBytes) {
        fatalError("a secret reached propertiesDescription:\n\(description)")
    }
    if let first = pairs.first {
        _ = try? container.applyPropertyLoader(LinesLoader(pairs: [(first.0, "changed")], name: "second.env"))
        _ = container.propertiesDescription
    }
    let child = Container(parent: container)
    _ = try? child.applyPropertyLoader(LinesLoader(pairs: Array(pairs.suffix(4)), name: "child.env"))
    for key in child.propertyKeys.prefix(64) {
        let _: String? = child.property(key)
    }
    return 0
}
