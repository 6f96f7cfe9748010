import Foundation
import PropertyFormats

/// Decodes `Decodable` types from a property value by writing the value as JSON and reading
/// it with `JSONDecoder`: tables become objects, dates ISO 8601 strings, data base64 strings,
/// non-finite floats the strings `inf`, `-inf` and `nan`.
enum PropertyValueDecoding {
    static func decode(_ type: any Decodable.Type, from value: PropertyValue) -> Any? {
        try? decodeOrThrow(type, from: value, keyDecodingStrategy: .useDefaultKeys)
    }

    /// Decodes `value`, throwing the decoder's `DecodingError` (with its coding path) on failure.
    static func decodeOrThrow(
        _ type: any Decodable.Type, from value: PropertyValue, keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy
    ) throws -> Any {
        var json = ""
        write(value, into: &json)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(type, from: Data(json.utf8))
    }

    static func write(_ value: PropertyValue, into json: inout String) {
        switch value {
        case .null: json += "null"
        case .string(let text): writeString(text, into: &json)
        case .integer(let integer): json += String(integer)
        case .bigInteger(let digits): json += digits
        case .float(let double):
            if double.isNaN {
                json += "\"nan\""
            } else if double.isInfinite {
                json += double < 0 ? "\"-inf\"" : "\"inf\""
            } else {
                json += "\(double)"
            }
        case .bool(let bool): json += bool ? "true" : "false"
        case .dateTime(let dateTime):
            writeString(dateTime.absoluteDate.flatMap(PropertyConversion.iso8601) ?? dateTime.description, into: &json)
        case .timestamp(let date):
            let text = PropertyConversion.iso8601(date) ?? "\(date.timeIntervalSinceReferenceDate) s from 2001-01-01"
            writeString(text, into: &json)
        case .data(let data): writeString(data.base64EncodedString(), into: &json)
        case .array(let nodes):
            json += "["
            for (index, node) in nodes.enumerated() {
                if index > 0 { json += "," }
                write(node.value, into: &json)
            }
            json += "]"
        case .table(let table):
            json += "{"
            for (index, entry) in table.entries.enumerated() {
                if index > 0 { json += "," }
                writeString(entry.key, into: &json)
                json += ":"
                write(entry.node.value, into: &json)
            }
            json += "}"
        }
    }

    private static func writeString(_ text: String, into json: inout String) {
        JSONStringWriter.append(text, to: &json)
    }
}
