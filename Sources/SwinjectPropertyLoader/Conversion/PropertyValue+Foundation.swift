import Foundation
import PropertyFormats

extension PropertyValue {
    /// The value as plain Swift and Foundation values: `String`, `Int`, `Double`, `Bool`,
    /// `Date`, `DateComponents`, `Data`, `[Any]`, `[String: Any]`; nil for `null`.
    var foundationValue: Any? {
        switch self {
        case .null: return nil
        case .string(let text): return text
        case .integer(let integer): return Int(exactly: integer) ?? integer
        case .bigInteger(let digits): return digits
        case .float(let double): return double
        case .bool(let bool): return bool
        case .dateTime(let dateTime): return dateTime.absoluteDate ?? dateTime.dateComponents
        case .timestamp(let date): return date
        case .data(let data): return data
        case .array(let nodes): return nodes.map { $0.value.foundationValue ?? NSNull() }
        case .table(let table):
            var dictionary: [String: Any] = [:]
            for entry in table.entries {
                if let value = entry.node.value.foundationValue { dictionary[entry.key] = value }
            }
            return dictionary
        }
    }

    /// A short rendering for messages and descriptions; long texts are cut at 60 characters.
    var displayText: String {
        let text: String
        switch self {
        case .null: text = "null"
        case .string(let string): text = "\"" + string + "\""
        case .integer(let integer): text = String(integer)
        case .bigInteger(let digits): text = digits
        case .float(let double): text = String(double)
        case .bool(let bool): text = String(bool)
        case .dateTime(let dateTime): text = dateTime.description
        case .timestamp(let date):
            text = PropertyConversion.iso8601(date) ?? "\(date.timeIntervalSinceReferenceDate) s from 2001-01-01"
        case .data(let data): text = "\(data.count) bytes"
        case .array(let nodes): text = "[" + nodes.map(\.value.displayText).joined(separator: ", ") + "]"
        case .table(let table):
            text = "{" + table.entries.map { "\($0.key): \($0.node.value.displayText)" }.joined(separator: ", ") + "}"
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
