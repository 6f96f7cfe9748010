import Foundation
import PropertyFormats

/// Converts stored values to the type a caller asks for, following the table of the Conversion table article.
///
/// Dispatch is on the requested type's identity, most common types first, so that
/// `r.property("k") as Int?` costs a few comparisons.
enum PropertyConversion {
    static func convert<T>(_ value: PropertyValue, to type: T.Type) -> T? {
        if case .null = value { return nil }
        if T.self == String.self { return string(value) as? T }
        if T.self == Int.self { return integer(value, as: Int.self) as? T }
        if T.self == Double.self { return double(value) as? T }
        if T.self == Bool.self { return bool(value) as? T }
        if T.self == Any.self {
            // Unwrapped first: `Any?` cast to `Any` would keep the Optional as the value.
            guard let plain = value.foundationValue else { return nil }
            return plain as? T
        }
        if let integerType = T.self as? any FixedWidthInteger.Type { return integer(value, as: integerType) as? T }
        if T.self == Float.self { return float(value) as? T }
        if T.self == URL.self { return url(value) as? T }
        if T.self == Date.self { return date(value) as? T }
        if T.self == DateComponents.self { return dateComponents(value) as? T }
        if T.self == Data.self { return data(value) as? T }
        if T.self == Decimal.self { return decimal(value) as? T }
        if _isOptional(T.self), let optional = T.self as? any PropertyOptionalConvertible.Type {
            guard let wrapped = optional.convertWrapped(value) else { return nil }
            return wrapped as? T
        }
        if let array = T.self as? any PropertyArrayConvertible.Type { return array.convertArray(value) as? T }
        if let dictionary = T.self as? any PropertyDictionaryConvertible.Type {
            return dictionary.convertDictionary(value) as? T
        }
        if let rawRepresentable = T.self as? any RawRepresentable.Type {
            return rawValue(value, as: rawRepresentable) as? T
        }
        if let decodable = T.self as? any Decodable.Type {
            return PropertyValueDecoding.decode(decodable, from: value) as? T
        }
        return nil
    }

    static func string(_ value: PropertyValue) -> String? {
        switch value {
        case .string(let text): text
        case .bigInteger(let digits): digits
        case .dateTime(let dateTime): dateTime.description
        case .timestamp(let date): iso8601(date)
        default: nil
        }
    }

    /// The first instant ISO 8601 text can spell with a four-digit year (0001-01-01T00:00:00Z) and
    /// the first it cannot (10000-01-01T00:00:00Z), in seconds since 1970.
    private static let iso8601Range: Range<Double> = -62_135_596_800..<253_402_300_800

    /// `date` as ISO 8601 text, or nil when its year is outside 1...9999: the format style
    /// would print a clamped date instead, so such a timestamp is not convertible to text.
    static func iso8601(_ date: Date) -> String? {
        guard iso8601Range.contains(date.timeIntervalSince1970) else { return nil }
        return date.formatted(.iso8601)
    }

    static func integer<I: FixedWidthInteger>(_ value: PropertyValue, as type: I.Type) -> I? {
        switch value {
        case .integer(let integer): I(exactly: integer)
        case .float(let double): I(exactly: double)
        case .bigInteger(let digits): I(digits)
        default: nil
        }
    }

    static func double(_ value: PropertyValue) -> Double? {
        switch value {
        case .float(let double): double
        case .integer(let integer): Double(exactly: integer)
        case .bigInteger(let digits): Double(digits)
        default: nil
        }
    }

    private static func float(_ value: PropertyValue) -> Float? {
        switch value {
        case .float(let double): narrowed(double)
        case .integer(let integer): Float(exactly: integer)
        case .bigInteger(let digits): Float(digits)
        default: nil
        }
    }

    /// `double` as a `Float`, or nil when a finite value is too large for one (it would become
    /// infinity). Infinities, NaN and values that only lose precision convert.
    private static func narrowed(_ double: Double) -> Float? {
        let float = Float(double)
        return double.isFinite && !float.isFinite ? nil : float
    }

    static func bool(_ value: PropertyValue) -> Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    private static func url(_ value: PropertyValue) -> URL? {
        guard case .string(let text) = value, !text.isEmpty else { return nil }
        return URL(string: text)
    }

    private static func date(_ value: PropertyValue) -> Date? {
        switch value {
        case .timestamp(let date): return date
        case .dateTime(let dateTime): return dateTime.absoluteDate
        case .string(let text): return try? Date(text, strategy: .iso8601)
        default: return nil
        }
    }

    private static func dateComponents(_ value: PropertyValue) -> DateComponents? {
        switch value {
        case .dateTime(let dateTime):
            return dateTime.dateComponents
        case .timestamp(let date):
            guard iso8601(date) != nil else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            return calendar.dateComponents(in: calendar.timeZone, from: date)
        default:
            return nil
        }
    }

    private static func data(_ value: PropertyValue) -> Data? {
        switch value {
        case .data(let data): data
        case .string(let text): Data(base64Encoded: text)
        default: nil
        }
    }

    private static func decimal(_ value: PropertyValue) -> Decimal? {
        switch value {
        case .integer(let integer): Decimal(integer)
        case .bigInteger(let digits): Decimal(string: digits)
        case .float(let double): double.isFinite ? Decimal(double) : nil
        default: nil
        }
    }

    private static func rawValue<R: RawRepresentable>(_ value: PropertyValue, as type: R.Type) -> R? {
        convert(value, to: R.RawValue.self).flatMap(R.init(rawValue:))
    }
}

/// `Optional<Wrapped>` as a requested type: converts to `Wrapped`.
protocol PropertyOptionalConvertible {
    static func convertWrapped(_ value: PropertyValue) -> Any?
    /// `Wrapped`, for a schema's spelling of the type.
    static var wrappedType: any Any.Type { get }
}

extension Optional: PropertyOptionalConvertible {
    static var wrappedType: any Any.Type { Wrapped.self }

    static func convertWrapped(_ value: PropertyValue) -> Any? {
        PropertyConversion.convert(value, to: Wrapped.self).map { Optional($0) as Any }
    }
}

/// `[Element]` as a requested type: every element must convert.
protocol PropertyArrayConvertible {
    static func convertArray(_ value: PropertyValue) -> Any?
    /// `Element`, for a schema's spelling of the type.
    static var elementType: any Any.Type { get }
}

extension Array: PropertyArrayConvertible {
    static var elementType: any Any.Type { Element.self }

    static func convertArray(_ value: PropertyValue) -> Any? {
        switch value {
        case .array(let nodes):
            var result: [Element] = []
            result.reserveCapacity(nodes.count)
            for node in nodes {
                guard let element = PropertyConversion.convert(node.value, to: Element.self) else { return nil }
                result.append(element)
            }
            return result
        case .data(let data) where Element.self == UInt8.self:
            return Array<UInt8>(data)
        default:
            return nil
        }
    }
}

/// `[String: Value]` as a requested type: every value must convert.
protocol PropertyDictionaryConvertible {
    static func convertDictionary(_ value: PropertyValue) -> Any?
    /// `Value`, for a schema's spelling of the type.
    static var valueType: any Any.Type { get }
}

extension Dictionary: PropertyDictionaryConvertible where Key == String {
    static var valueType: any Any.Type { Value.self }

    static func convertDictionary(_ value: PropertyValue) -> Any? {
        guard case .table(let table) = value else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(table.count)
        for entry in table.entries {
            if case .null = entry.node.value { continue }
            guard let element = PropertyConversion.convert(entry.node.value, to: Value.self) else { return nil }
            result[entry.key] = element
        }
        return result
    }
}
