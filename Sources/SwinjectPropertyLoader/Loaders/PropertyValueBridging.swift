import Foundation
import PropertyFormats
import SwinjectKitSupport

/// Converts plain Swift and Foundation values (from custom loaders and property lists) into
/// property values.
package enum PropertyValueBridging {
    /// Converts one value of a custom loader, a Swift struct or a test override, with its own budget of
    /// `ParseLimits.maxNodesPerInputByte` × `ParseLimits.maxInputBytes` values: Swift
    /// arrays and dictionaries may share storage, and each place a shared one appears is
    /// converted on its own.
    package static func propertyValue(from value: Any, key: @autoclosure () -> String, source: String)
        throws(PropertyLoaderError) -> PropertyValue
    {
        var budget = ValueBudget(limits: .default, inputBytes: nil)
        return try propertyValue(from: value, key: key(), source: source, budget: &budget)
    }

    /// Converts `value`, counting the values it produces against `budget`.
    static func propertyValue(
        from value: Any, key: @autoclosure () -> String, source: String, budget: inout ValueBudget
    ) throws(PropertyLoaderError) -> PropertyValue {
        if let fast = try exactTypeValue(value, key: key(), source: source, budget: &budget) { return fast }
        let key = key()
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let text as String: return .string(text)
        case let integer as Int: return .integer(Int64(integer))
        case let double as Double: return .float(double)
        case let float as Float: return .float(Double(float))
        case let date as Date: return try timestamp(date, key: key, source: source)
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
            guard budget.spend(array.count) else { throw budget.exceeded(source: source, at: key) }
            var nodes: [PropertyNode] = []
            nodes.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                nodes.append(
                    PropertyNode(
                        try propertyValue(from: element, key: "\(key).\(index)", source: source, budget: &budget)))
            }
            return .array(nodes)
        case let dictionary as [String: Any]:
            guard budget.spend(dictionary.count) else { throw budget.exceeded(source: source, at: key) }
            var entries: [PropertyTable.Entry] = []
            entries.reserveCapacity(dictionary.count)
            for (nestedKey, element) in sortedPairs(dictionary) {
                let nested = try propertyValue(
                    from: element, key: "\(key).\(nestedKey)", source: source, budget: &budget)
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
                message: "property \"\(key)\" has a value of type \(TypeNames.qualified(type(of: value))), "
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
            if type(of: self) != NSNumber.self, TypeNames.short(type(of: self)).contains("Bool") {
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

extension PropertyValueBridging {
    /// A `Date` as a timestamp; a NaN or infinite date names no point in time (a binary
    /// property list can hold one), so it is refused with the key and the source.
    static func timestamp(_ date: Date, key: String, source: String) throws(PropertyLoaderError) -> PropertyValue {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else {
            throw PropertyLoaderError(
                .unsupportedValue, source: source, message: "property \"\(key)\" \(nonFiniteDateProblem(seconds))")
        }
        return .timestamp(date)
    }

    /// The problem with a date of `seconds` since 2001 that is NaN or infinite.
    static func nonFiniteDateProblem(_ seconds: Double) -> String {
        "is a date of \(seconds) seconds from 2001-01-01, which is not a point in time"
    }

    /// Two keys of one dictionary that `String` calls equal though their bytes differ ("é"
    /// written precomposed and as `e` with a combining accent), or nil. Property keys compare
    /// as `String`s do, so such a dictionary would lose one of its values; a property list or
    /// `[AnyHashable: Any]` can hold both, because `NSString` compares code units.
    static func equivalentKeys(in keys: [String]) -> (String, String)? {
        guard keys.count > 1, !keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
        var seen = [String: String](minimumCapacity: keys.count)
        for key in keys {
            if let earlier = seen.updateValue(key, forKey: key) {
                // In byte order, so that the message does not depend on the dictionary's order.
                return earlier.utf8.lexicographicallyPrecedes(key.utf8) ? (earlier, key) : (key, earlier)
            }
        }
        return nil
    }

    /// The problem with a dictionary that holds ``equivalentKeys(in:)``.
    static func equivalentKeysProblem(_ first: String, _ second: String) -> String {
        let spell = { (key: String) in key.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) } }
        return "is a dictionary with two keys that differ only in Unicode normalization ("
            + "\(spell(first).joined(separator: " ")) and \(spell(second).joined(separator: " "))); "
            + "property keys compare as Swift strings do, so they would be one key"
    }
}

/// The values a conversion may still produce: `ParseLimits.maxNodesPerInputByte` times the
/// input's size, or times `ParseLimits.maxInputBytes` for a Swift value, which has no input
/// bytes. Every array element and dictionary member spends one; the top level is counted at
/// the start.
struct ValueBudget {
    let limits: ParseLimits
    let inputBytes: Int?
    let limit: Int
    private var remaining: Int

    init(limits: ParseLimits, inputBytes: Int?) {
        self.limits = limits
        self.inputBytes = inputBytes
        self.limit = limits.maxNodes(forInputBytes: inputBytes ?? limits.maxInputBytes)
        self.remaining = limit - 1
    }

    /// Takes `count` values from the budget; false when fewer are left.
    mutating func spend(_ count: Int) -> Bool {
        guard count <= remaining else { return false }
        remaining -= count
        return true
    }

    /// The error for a conversion that went over the budget at the value under `key`.
    func exceeded(source: String, at key: String) -> PropertyLoaderError {
        let bound =
            inputBytes.map { "\(limits.maxNodesPerInputByte) per byte of its \($0) bytes" }
            ?? "\(limits.maxNodesPerInputByte) per byte of ParseLimits.maxInputBytes (\(limits.maxInputBytes))"
        let message =
            "property \"\(key)\" takes the value count over the limit of \(limit) values "
            + "(ParseLimits.maxNodesPerInputByte: \(bound)); arrays or dictionaries referred to from many "
            + "places are converted once for every place"
        let parseError = ParseError(.tooManyValues, message, at: .unknown)
        return PropertyLoaderError(
            inputBytes == nil ? .unsupportedValue : .malformedContent, source: source, message: message,
            parseError: parseError)
    }
}
