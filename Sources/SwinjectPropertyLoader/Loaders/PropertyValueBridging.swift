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
            for nestedKey in dictionary.keys.sorted() {
                guard let element = dictionary[nestedKey] else { continue }
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

extension PropertyValueBridging {
    /// The values property lists and `JSONSerialization` produce, recognized by their exact
    /// type. On Linux a failed `as?` to a bridged type (`value as? NSNumber` on a dictionary,
    /// `value as? [String: Any]` on a `[AnyHashable: Any]`) converts the whole value through
    /// Foundation first, so the general switch below costs more than parsing the file; this
    /// path avoids every such cast. Nil means "not one of these types": use the general path.
    // Generic metatypes looked up once, not on every value.
    private static let anyArrayType: Any.Type = [Any].self
    private static let stringDictionaryType: Any.Type = [String: Any].self
    private static let hashableDictionaryType: Any.Type = [AnyHashable: Any].self

    private static func exactTypeValue(_ value: Any, key: @autoclosure () -> String, source: String)
        throws(PropertyLoaderError) -> PropertyValue?
    {
        let valueType = type(of: value)
        if valueType == String.self, let text = value as? String { return .string(text) }
        if valueType == NSNumber.self, let number = value as? NSNumber {
            // As the general path's `as? Int`, then `as? Double`: an integral number reads as
            // an integer, any other as a float. Other encodings take the general path.
            switch UInt8(bitPattern: Int8(number.objCType.pointee)) {
            case UInt8(ascii: "q"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "s"):
                return .integer(number.int64Value)
            case UInt8(ascii: "d"):
                let double = number.doubleValue
                guard double.isFinite else { return nil }
                if let integer = Int64(exactly: double) { return .integer(integer) }
                return .float(double)
            default:
                return nil
            }
        }
        if valueType == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if valueType == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
        if valueType == Double.self, let double = value as? Double { return .float(double) }
        if valueType == anyArrayType, let array = value as? [Any] {
            var nodes: [PropertyNode] = []
            nodes.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                nodes.append(PropertyNode(try propertyValue(from: element, key: "\(key()).\(index)", source: source)))
            }
            return .array(nodes)
        }
        if valueType == stringDictionaryType, let dictionary = value as? [String: Any] {
            return try table(dictionary, keyText: { $0 }, key: key(), source: source).map(PropertyValue.table)
        }
        if valueType == hashableDictionaryType, let dictionary = value as? [AnyHashable: Any] {
            return try table(dictionary, keyText: { $0.base as? String }, key: key(), source: source)
                .map(PropertyValue.table)
        }
        if valueType == Date.self, let date = value as? Date { return .timestamp(date) }
        if valueType == Data.self, let data = value as? Data { return .data(data) }
        return nil
    }

    /// A table of `dictionary`'s members sorted by key, as the general path sorts dictionary
    /// keys; nil when a key is not a string. Members are reached through their indices, so
    /// nothing is copied before it is converted.
    private static func table<Key>(
        _ dictionary: [Key: Any], keyText: (Key) -> String?, key: @autoclosure () -> String, source: String
    ) throws(PropertyLoaderError) -> PropertyTable? {
        var keys: [String] = []
        keys.reserveCapacity(dictionary.count)
        var positions: [Dictionary<Key, Any>.Index] = []
        positions.reserveCapacity(dictionary.count)
        for position in dictionary.indices {
            guard let text = keyText(dictionary.keys[position]) else { return nil }
            keys.append(text)
            positions.append(position)
        }
        var entries: [PropertyTable.Entry] = []
        entries.reserveCapacity(keys.count)
        for offset in orderByBytes(of: keys) {
            let nested = try propertyValue(
                from: dictionary.values[positions[offset]], key: "\(key()).\(keys[offset])", source: source)
            entries.append(PropertyTable.Entry(key: keys[offset], node: PropertyNode(nested)))
        }
        return PropertyTable(entries)
    }

    /// The top level of a property list or `JSONSerialization` result as key/value pairs sorted
    /// by key, or nil when it is not a dictionary with string keys. Avoids bridging a
    /// `[AnyHashable: Any]` to `[String: Any]`, which on Linux converts every nested value.
    static func sortedTopLevel(_ value: Any) -> [(key: String, value: Any)]? {
        if type(of: value) == hashableDictionaryType, let dictionary = value as? [AnyHashable: Any] {
            var pairs: [(key: String, value: Any)] = []
            pairs.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let text = key.base as? String else { return nil }
                pairs.append((text, element))
            }
            return sortedByKeyBytes(pairs)
        }
        guard let dictionary = value as? [String: Any] else { return nil }
        return sortedByKeyBytes(dictionary.map { (key: $0.key, value: $0.value) })
    }

    /// `pairs` sorted by the UTF-8 bytes of their keys.
    static func sortedByKeyBytes(_ pairs: [(key: String, value: Any)]) -> [(key: String, value: Any)] {
        guard pairs.count > 1 else { return pairs }
        return orderByBytes(of: pairs.map { $0.key }).map { pairs[$0] }
    }

    /// The offsets of `keys` in the order of their UTF-8 bytes (Unicode scalar order, which is
    /// `String`'s order for the normalized keys property lists hold).
    ///
    /// Sorts small (prefix, offset) records rather than the keys: the first sixteen key bytes,
    /// read once per key, decide most comparisons as two integer compares, and only keys that
    /// share them compare their full bytes.
    static func orderByBytes(of keys: [String]) -> [Int] {
        guard keys.count > 1 else { return Array(keys.indices) }
        var order: [(high: UInt64, low: UInt64, offset: Int)] = []
        order.reserveCapacity(keys.count)
        for offset in keys.indices {
            var text = keys[offset]
            let (high, low) = text.withUTF8 { bytes in
                var high: UInt64 = 0
                var low: UInt64 = 0
                for index in 0..<min(8, bytes.count) { high |= UInt64(bytes[index]) << (56 - 8 * UInt64(index)) }
                for index in 8..<max(8, min(16, bytes.count)) {
                    low |= UInt64(bytes[index]) << (56 - 8 * UInt64(index - 8))
                }
                return (high, low)
            }
            order.append((high, low, offset))
        }
        keys.withUnsafeBufferPointer { keys in
            order.sort { lhs, rhs in
                if lhs.high != rhs.high { return lhs.high < rhs.high }
                if lhs.low != rhs.low { return lhs.low < rhs.low }
                return precedesByBytes(keys[lhs.offset], keys[rhs.offset])
            }
        }
        return order.map { $0.offset }
    }

    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes.
    @inline(never)
    private static func precedesByBytes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                let compared = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return compared != 0 ? compared < 0 : left.count < right.count
            }
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
