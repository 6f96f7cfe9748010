import Foundation
import PropertyFormats

/// A one-line text for a value that Python can produce identically from `json` or `tomllib`
/// output (see `PythonReference.script`): strings and keys as UTF-8 hex, floats as their bit
/// pattern, table keys sorted, dates and times by component.
enum CanonicalText {
    static func of(_ value: PropertyValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return "i:\(number)"
        case .bigInteger(let digits): return "i:\(digits)"
        case .float(let number):
            if number.isNaN { return "f:nan" }
            return "f:" + hex(number.bitPattern)
        case .string(let text): return "s:" + hex(text)
        case .array(let nodes): return "[" + nodes.map { of($0.value) }.joined(separator: ",") + "]"
        case .table(let table):
            let members = table.entries.map { (hex($0.key), of($0.node.value)) }.sorted { $0.0 < $1.0 }
            return "{" + members.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        case .dateTime(let value):
            var text = "dt:"
            if let date = value.date { text += "\(date.year)-\(date.month)-\(date.day)" }
            text += "T"
            if let time = value.time { text += "\(time.hour):\(time.minute):\(time.second).\(time.nanosecond)" }
            text += value.utcOffsetSeconds.map { "@\($0)" } ?? "@local"
            return text
        case .timestamp(let date): return "ts:\(date.timeIntervalSince1970)"
        case .data(let data): return "data:" + data.map { String(format: "%02x", $0) }.joined()
        }
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    static func hex(_ bits: UInt64) -> String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
