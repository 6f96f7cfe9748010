import Foundation
import PropertyFormats

/// Renders property values for the terminal and for JSON.
///
/// - ``json(_:)``: JSON text: strings, numbers, `true`/`false`, `null`, arrays and objects;
///   dates and times as their text, data as base64, a float that JSON cannot hold (NaN,
///   infinities) as a string.
/// - ``cell(_:)``: one table cell: JSON text on one line (so a string shows its quotes and its
///   line breaks as `\n`), cut at ``cellLimit`` characters.
/// - ``plain(_:)``: what `get` prints: a string as is, anything else as ``json(_:)``.
enum ValueText {
    /// The most characters a table cell shows; `get` and `--json` show the whole value.
    static let cellLimit = 80

    static func plain(_ value: PropertyValue) -> String {
        if case .string(let text) = value { return text }
        return json(value)
    }

    static func cell(_ value: PropertyValue) -> String {
        let text = json(value)
        return text.count > cellLimit ? String(text.prefix(cellLimit - 3)) + "..." : text
    }

    static func json(_ value: PropertyValue) -> String {
        var output = ""
        // An explicit stack of pending pieces keeps deep values from deepening the call stack.
        var pending: [Piece] = [.value(value)]
        while let piece = pending.popLast() {
            switch piece {
            case .text(let text): output += text
            case .value(let value): expand(value, into: &output, pending: &pending)
            }
        }
        return output
    }

    private enum Piece {
        case text(String)
        case value(PropertyValue)
    }

    /// Writes a scalar, or pushes a container's pieces (last first, as the stack pops them).
    private static func expand(_ value: PropertyValue, into output: inout String, pending: inout [Piece]) {
        switch value {
        case .null: output += "null"
        case .string(let text): output += quoted(text)
        case .integer(let integer): output += String(integer)
        case .bigInteger(let digits): output += digits
        case .float(let double): output += double.isFinite ? String(double) : quoted(String(double))
        case .bool(let bool): output += String(bool)
        case .dateTime(let dateTime): output += quoted(dateTime.description)
        case .timestamp(let date): output += quoted(iso8601(date))
        case .data(let data): output += quoted(data.base64EncodedString())
        case .array(let nodes):
            pending.append(.text("]"))
            for (offset, node) in nodes.enumerated().reversed() {
                pending.append(.value(node.value))
                if offset > 0 { pending.append(.text(", ")) }
            }
            output += "["
        case .table(let table):
            pending.append(.text("}"))
            for (offset, entry) in table.entries.enumerated().reversed() {
                pending.append(.value(entry.node.value))
                pending.append(.text(quoted(entry.key) + ": "))
                if offset > 0 { pending.append(.text(", ")) }
            }
            output += "{"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
