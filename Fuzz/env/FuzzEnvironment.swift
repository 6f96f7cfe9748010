// libFuzzer entry point: environment variables (one `NAME=VALUE` a line; `APP_` is prepended
// unless the line starts with `!`) applied over a small JSON document (the bytes before a 0xFF
// byte, or a fixed one), then every read path (FuzzReadPaths), and two checks: a key set by a
// variable has the variable's words (relaxed matching never picks a key spelled otherwise), and
// reads of it as `String` and `Int` give the variable's text and its number.

import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader

/// Made per input: a global would be allocated during the first input and read as a leak.
private func defaultJSON() -> Data {
    Data(
        #"{"database": {"poolSize": 1, "pool_size": 2, "host": "h", "port": 5432}, "server": {"port": 80}, "a-b": 1}"#
            .utf8)
}

private let options = EnvironmentPropertyLoader.Options(
    maxVariables: 32, maxValueBytes: 512, limits: ParseLimits(maxKeySegments: 16))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvironment(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let parts = data.split(separator: 0xFF, maxSplits: 1, omittingEmptySubsequences: false)
    let json = parts.count == 2 ? Data(parts[0]) : defaultJSON()
    let variables = FuzzEnvironment.variables(parts.count == 2 ? Data(parts[1]) : data)
    FuzzReadPaths.exercise(json + [0xFF] + Data("x".utf8)) { document, name -> any PropertyLoader in
        if name == "fuzz-0" { return JsonPropertyLoader(data: document, name: "app.json") }
        return EnvironmentPropertyLoader(prefix: "APP_", variables: variables, options: options)
    }
    FuzzEnvironment.check(json: json, variables: variables)
    return 0
}

enum FuzzEnvironment {
    static func variables(_ data: Data) -> [String: String] {
        var result: [String: String] = [:]
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let text = String(decoding: line, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            var name = String(text[..<equals])
            if name.hasPrefix("!") { name.removeFirst() } else { name = "APP_" + name }
            result[name] = String(text[text.index(after: equals)...])
        }
        return result
    }

    static func check(json: Data, variables: [String: String]) {
        let container = Container()
        _ = try? container.applyPropertyLoader(JsonPropertyLoader(data: json, name: "app.json"))
        guard
            (try? container.applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "APP_", variables: variables, options: options))) != nil
        else { return }
        let marker = "environment variable "
        for key in container.propertyKeys {
            guard let record = container.propertyRecord(for: key), record.source.name.hasPrefix(marker) else {
                continue
            }
            let variable = String(record.source.name.dropFirst(marker.count))
            guard let value = variables[variable] else { fatalError("\(key) names an unknown variable \(variable)") }
            if !record.source.valuesAreText { fatalError("\(key) from \(variable) is not text") }
            if !key.contains("\""), words(ofKey: key) != words(ofVariable: String(variable.dropFirst(4))) {
                fatalError("\(variable) set \(key), whose words differ")
            }
            guard case .string(let stored) = record.value else { fatalError("\(key) holds a non-string") }
            if stored != value { fatalError("\(key) holds \(stored), not \(value)") }
            if container.property(key, as: String.self) != value { fatalError("\(key) as String differs") }
            let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
            if let number = Int(trimmed), container.property(key, as: Int.self) != number {
                fatalError("\(key) = \(value) does not read as \(number)")
            }
        }
    }

    /// A key's words: split at `.`, `_`, `-` and before an ASCII capital after an ASCII
    /// lower-case letter or digit, ASCII letters lower-cased (the reference for the loader's
    /// matching, on Unicode scalars as the loader works on bytes).
    static func words(ofKey key: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        for scalar in key.unicodeScalars {
            if scalar == "." || scalar == "_" || scalar == "-" {
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                let upper = ("A"..."Z").contains(scalar)
                if upper, ("a"..."z").contains(previous) || ("0"..."9").contains(previous), !current.isEmpty {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
                current.append(upper ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar)
            }
            previous = scalar
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// A variable's words: ASCII letters lower-cased, then split as a key's.
    static func words(ofVariable name: String) -> [String] {
        var lowered = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            lowered.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar)
        }
        return words(ofKey: String(lowered))
    }
}
