// libFuzzer entry point for DotEnvPropertyLoader, built by Scripts/fuzz.sh: the bytes as a `.env`
// file applied to a container and every key read back (FuzzReadBack), then a round trip: the
// values written back as double-quoted assignments must read as the same keys and values.

import Foundation
import Swinject
import SwinjectPropertyLoader

private let limits = ParseLimits(maxKeys: 256, maxStringBytes: 4096)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDotEnv(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let loader = DotEnvPropertyLoader(data: data, name: "fuzz.env", options: .init(limits: limits))
    FuzzReadBack.exercise(loader)
    guard let batch = try? loader.loadBatch() else { return 0 }
    var text = ""
    for property in batch.properties {
        guard case .string(let value) = property.value else { fatalError("a .env value is not text: \(property)") }
        guard property.source.valuesAreText, property.source.position.isKnown else {
            fatalError("a .env source is not text with a position: \(property.source)")
        }
        text += "export " + property.key + " = \"" + escaped(value) + "\" # written back\n"
    }
    let again: PropertyBatch
    do {
        again = try DotEnvPropertyLoader(string: text, name: "again.env").loadBatch()
    } catch {
        fatalError("the written-back file fails: \(error)\n\(text)")
    }
    let first = batch.properties.map { ($0.key, $0.value) }
    let second = again.properties.map { ($0.key, $0.value) }
    guard first.count == second.count, zip(first, second).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) else {
        fatalError("the written-back file reads differently:\n\(first)\n\(second)")
    }
    return 0
}

/// `value` with `\`, `"` and `$` escaped for double quotes; line ends and other text as written.
private func escaped(_ value: String) -> String {
    var result = ""
    for character in value.unicodeScalars {
        switch character {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "$": result += "\\$"
        case "\r": result += "\\r"
        default: result.unicodeScalars.append(character)
        }
    }
    return result
}
