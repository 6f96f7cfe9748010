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
///
/// Given the value's key and a `hides` rule, each member of a table or array whose key `hides`
/// names shows as `"***"`, so a section holding a secret does not print it.
enum ValueText {
    /// Whether the value at a flat key is a secret to hide.
    typealias Hides = (String) -> Bool
    /// The most characters a table cell shows; `get` and `--json` show the whole value.
    static let cellLimit = 80

    static func plain(_ value: PropertyValue, key: String? = nil, hides: Hides? = nil) -> String {
        if case .string(let text) = value { return text }
        return json(value, key: key, hides: hides)
    }

    static func cell(_ value: PropertyValue, key: String? = nil, hides: Hides? = nil) -> String {
        let text = json(value, key: key, hides: hides)
        return text.count > cellLimit ? String(text.prefix(cellLimit - 3)) + "..." : text
    }

    static func json(_ value: PropertyValue, key: String? = nil, hides: Hides? = nil) -> String {
        var output = ""
        // An explicit stack of pending pieces keeps deep values from deepening the call stack.
        var pending: [Piece] = [.value(value, key: key)]
        while let piece = pending.popLast() {
            switch piece {
            case .text(let text): output += text
            case .value(let value, let key):
                if let key, let hides, hides(key) {
                    output += quoted(SecretMasking.mask)
                } else {
                    expand(value, key: key, into: &output, pending: &pending)
                }
            }
        }
        return output
    }

    private enum Piece {
        case text(String)
        case value(PropertyValue, key: String?)
    }

    /// Writes a scalar, or pushes a container's pieces (last first, as the stack pops them).
    private static func expand(
        _ value: PropertyValue, key: String?, into output: inout String, pending: inout [Piece]
    ) {
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
                pending.append(.value(node.value, key: key.map { "\($0).\(offset)" }))
                if offset > 0 { pending.append(.text(", ")) }
            }
            output += "["
        case .table(let table):
            pending.append(.text("}"))
            for (offset, entry) in table.entries.enumerated().reversed() {
                pending.append(.value(entry.node.value, key: memberKey(key, entry.key)))
                pending.append(.text(quoted(entry.key) + ": "))
                if offset > 0 { pending.append(.text(", ")) }
            }
            output += "{"
        }
    }

    /// The flat key of the member `name` of the table at `parent`, spelled as the store spells it
    /// (``PropertyKeyPath``).
    private static func memberKey(_ parent: String?, _ name: String) -> String {
        var bytes: [UInt8] = []
        if let parent { bytes = Array(parent.utf8) + [UInt8(ascii: ".")] }
        PropertyKeyPath.append(name, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        JSONStringWriter.quoted(text)
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
