import Foundation
import PropertyFormats

/// Converts plain Swift and Foundation values (from custom loaders and property lists) into
/// property values.
enum PropertyValueBridging {
    static func propertyValue(from value: Any, key: @autoclosure () -> String, source: String)
        throws(PropertyLoaderError) -> PropertyValue
    {
        if let fast = try exactTypeValue(value, key: key(), source: source) { return fast }
        let key = key()
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let text as String: return .string(text)
        case let integer as Int: return .integer(Int64(integer))
        case let double as Double: return .float(double)
        case let float as Float: return .float(Double(float))
        case let date as Date: return .timestamp(date)
        case let data as Data: return .data(data)
        case let url as URL: return .string(url.absoluteString)
        case let components as DateComponents:
            let date = components.year.flatMap { year in
                components.month.flatMap { month in
                    components.day.map { DateTimeValue.LocalDate(year: year, month: month, day: $0) }
                }
            }
            let time = components.hour.flatMap { hour in
                components.minute.map { minute in
                    DateTimeValue.LocalTime(
                        hour: hour, minute: minute, second: components.second ?? 0,
                        nanosecond: components.nanosecond ?? 0)
                }
            }
            return .dateTime(
                DateTimeValue(date: date, time: time, utcOffsetSeconds: components.timeZone?.secondsFromGMT()))
        case let number as NSNumber:
            return number.propertyValue
        case let array as [Any]:
            var nodes: [PropertyNode] = []
            nodes.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                nodes.append(PropertyNode(try propertyValue(from: element, key: "\(key).\(index)", source: source)))
            }
            return .array(nodes)
        case let dictionary as [String: Any]:
            var entries: [PropertyTable.Entry] = []
            entries.reserveCapacity(dictionary.count)
            for (nestedKey, element) in sortedPairs(dictionary) {
                let nested = try propertyValue(from: element, key: "\(key).\(nestedKey)", source: source)
                entries.append(PropertyTable.Entry(key: nestedKey, node: PropertyNode(nested)))
            }
            return .table(PropertyTable(entries))
        case is NSNull:
            return .null
        default:
            if let integer = value as? any BinaryInteger {
                if let exact = Int64(exactly: integer) { return .integer(exact) }
                return .bigInteger(String(describing: integer))
            }
            throw PropertyLoaderError(
                .unsupportedValue, source: source,
                message: "property \"\(key)\" has a value of type \(String(reflecting: type(of: value))), "
                    + "which properties cannot hold")
        }
    }
}

extension NSNumber {
    /// Booleans, integers and floats kept apart (property lists and `JSONSerialization` box all
    /// three in `NSNumber`).
    fileprivate var propertyValue: PropertyValue {
        #if canImport(Darwin)
            if CFGetTypeID(self) == CFBooleanGetTypeID() { return .bool(boolValue) }
        #else
            if type(of: self) != NSNumber.self, String(describing: type(of: self)).contains("Bool") {
                return .bool(boolValue)
            }
        #endif
        switch UInt8(bitPattern: Int8(objCType.pointee)) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"): return .bool(boolValue)
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return .float(doubleValue)
        case UInt8(ascii: "Q"):
            return uint64Value > UInt64(Int64.max) ? .bigInteger(String(uint64Value)) : .integer(int64Value)
        default: return .integer(int64Value)
        }
    }
}
