import Foundation
import PropertyFormats

/// A canonical text for a parsed value, used to compare our tree with what Python's `json`
/// module reads: `null`, `true`, `i:42`, `f:0.5` (the `Double`'s description), `s:"text"`
/// (non-ASCII scalars as `\u{…}`), `[a,b]`, `{"key":value,…}` with keys in order.
enum JSONCanonicalForm {
    static func of(_ node: PropertyNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return "i:\(value)"
        case .bigInteger(let digits): return "i:\(digits)"
        case .float(let value): return "f:\(value)"
        case .string(let text): return "s:" + quote(text)
        case .array(let elements): return "[" + elements.map(of).joined(separator: ",") + "]"
        case .table(let table):
            return "{" + table.entries.map { quote($0.key) + ":" + of($0.node) }.joined(separator: ",") + "}"
        default: return "?\(node.value.kindName)"
        }
    }

    /// The canonical text of Python's tagged output, read back with our parser: `{"i": "42"}`,
    /// `{"f": "0.5"}`, `{"s": "…"}`, `{"a": [...]}`, `{"o": [[key, value], ...]}`, null, booleans.
    static func ofReference(_ node: PropertyNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .table(let table):
            guard let entry = table.entries.first, table.count == 1 else { return "?table" }
            switch (entry.key, entry.node.value) {
            case ("i", .string(let digits)): return "i:\(digits)"
            case ("f", .string(let repr)): return Double(repr).map { "f:\($0)" } ?? "?float \(repr)"
            case ("s", .string(let text)): return "s:" + quote(text)
            case ("a", .array(let elements)): return "[" + elements.map(ofReference).joined(separator: ",") + "]"
            case ("o", .array(let pairs)):
                let members = pairs.map { pair -> String in
                    guard case .array(let parts) = pair.value, parts.count == 2, case .string(let key) = parts[0].value
                    else { return "?pair" }
                    return quote(key) + ":" + ofReference(parts[1])
                }
                return "{" + members.joined(separator: ",") + "}"
            default: return "?tag \(entry.key)"
            }
        default: return "?\(node.value.kindName)"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result + "\""
    }
}

/// Reads every `y_` file of a folder with Python's `json` module in one `python3` process.
enum JSONPythonReference {
    static let script = """
        import json, os, sys

        def tag(v):
            if v is None: return None
            if isinstance(v, bool): return v
            if isinstance(v, int): return {"i": str(v)}
            if isinstance(v, float): return {"f": repr(v)}
            if isinstance(v, str): return {"s": v}
            if isinstance(v, list): return {"a": [tag(x) for x in v]}
            if isinstance(v, dict): return {"o": [[k, tag(x)] for k, x in v.items()]}
            raise TypeError(type(v))

        folder = sys.argv[1]
        for name in sorted(os.listdir(folder)):
            if not name.startswith("y_"):
                continue
            try:
                with open(os.path.join(folder, name), "rb") as f:
                    value = json.loads(f.read().decode("utf-8"))
                print(name + "\\t" + json.dumps(tag(value), ensure_ascii=True))
            except Exception as e:
                print(name + "\\tERROR " + repr(e))
        """

    /// Canonical texts by file name, or nil when `python3` cannot be run.
    static func load(folder: URL) -> [String: String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var result: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let name = String(line[..<tab])
            let json = String(line[line.index(after: tab)...])
            if let node = try? JSONParser.parse(json) {
                result[name] = ofReference(node)
            } else {
                result[name] = "?python: \(json)"
            }
        }
        return result
    }

    private static func ofReference(_ node: PropertyNode) -> String { JSONCanonicalForm.ofReference(node) }
}
