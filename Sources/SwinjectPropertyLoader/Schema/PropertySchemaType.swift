import Foundation

/// A property type as a schema spells it: the Swift type a reader asked for, in words the
/// `swinjectkit` command turns back into a Swift type, so that it checks a value with the same
/// conversion the read makes (``PropertyConversion``, ``TextAwareConversion``).
///
/// Spellings: `string`, `integer` (`Int`), `int8` … `int64`, `uint`, `uint8` … `uint64`,
/// `double`, `float`, `decimal`, `bool`, `url`, `date`, `data`, `array<T>`, `dictionary<T>`
/// (`[String: T]`), `section` (any other `Decodable` type: a table must be there) and `any` (a type
/// no spelling covers: a value must be there). An optional is its wrapped type; a raw-value enum
/// is its raw value's type.
package indirect enum PropertySchemaType: Sendable, Hashable, CustomStringConvertible {
    case scalar(Scalar)
    case array(PropertySchemaType)
    case dictionary(PropertySchemaType)
    case section
    case any

    /// The types a spelling names one to one.
    package enum Scalar: String, Sendable, CaseIterable {
        case string, integer, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
        case double, float, decimal, bool, url, date, data

        var swiftType: any Any.Type {
            switch self {
            case .string: String.self
            case .integer: Int.self
            case .int8: Int8.self
            case .int16: Int16.self
            case .int32: Int32.self
            case .int64: Int64.self
            case .uint: UInt.self
            case .uint8: UInt8.self
            case .uint16: UInt16.self
            case .uint32: UInt32.self
            case .uint64: UInt64.self
            case .double: Double.self
            case .float: Float.self
            case .decimal: Decimal.self
            case .bool: Bool.self
            case .url: URL.self
            case .date: Date.self
            case .data: Data.self
            }
        }
    }

    /// The spelling of the type a read asked for.
    init(describing type: any Any.Type) {
        if let optional = type as? any PropertyOptionalConvertible.Type {
            self.init(describing: optional.wrappedType)
            return
        }
        if let scalar = Scalar.allCases.first(where: { $0.swiftType == type }) {
            self = .scalar(scalar)
        } else if let array = type as? any PropertyArrayConvertible.Type {
            self = .array(PropertySchemaType(describing: array.elementType))
        } else if let dictionary = type as? any PropertyDictionaryConvertible.Type {
            self = .dictionary(PropertySchemaType(describing: dictionary.valueType))
        } else if let raw = type as? any RawRepresentable.Type {
            self.init(describing: Self.rawValueType(of: raw))
        } else if type is any Decodable.Type {
            self = .section
        } else {
            self = .any
        }
    }

    /// How deeply `array<…>` and `dictionary<…>` may nest in a spelling: deeper is no type, so
    /// a hostile schema cannot exhaust the stack.
    static let nestingLimit = 16

    /// Parses a spelling; nil when it names no type. Each level strips a fixed prefix and one
    /// closing bracket, and the levels are at most ``nestingLimit``.
    package init?(spelling: Substring) {
        self.init(spelling: spelling, depth: 0)
    }

    private init?(spelling: Substring, depth: Int) {
        guard depth <= Self.nestingLimit else { return nil }
        if spelling.utf8.count <= 8, let scalar = Scalar(rawValue: String(spelling)) {
            self = .scalar(scalar)
        } else if spelling == "section" {
            self = .section
        } else if spelling == "any" {
            self = .any
        } else if let inner = Self.inner(of: spelling, after: "array<") {
            guard let element = PropertySchemaType(spelling: inner, depth: depth + 1) else { return nil }
            self = .array(element)
        } else if let inner = Self.inner(of: spelling, after: "dictionary<") {
            guard let value = PropertySchemaType(spelling: inner, depth: depth + 1) else { return nil }
            self = .dictionary(value)
        } else {
            return nil
        }
    }

    package var description: String {
        switch self {
        case .scalar(let scalar): scalar.rawValue
        case .array(let element): "array<\(element)>"
        case .dictionary(let value): "dictionary<\(value)>"
        case .section: "section"
        case .any: "any"
        }
    }

    /// The Swift type a value is converted to when checked: the type itself for a spelling that
    /// names one, `[String: Any]` for a section (a table of any members) and `Any` for `any`.
    var swiftType: any Any.Type {
        switch self {
        case .scalar(let scalar): scalar.swiftType
        case .array(let element): Self.arrayType(of: element.swiftType)
        case .dictionary(let value): Self.dictionaryType(of: value.swiftType)
        case .section: [String: Any].self
        case .any: Any.self
        }
    }

    private static func arrayType<Element>(of element: Element.Type) -> any Any.Type { [Element].self }

    private static func dictionaryType<Value>(of value: Value.Type) -> any Any.Type { [String: Value].self }

    private static func rawValueType<R: RawRepresentable>(of type: R.Type) -> any Any.Type { R.RawValue.self }

    private static func inner(of spelling: Substring, after prefix: String) -> Substring? {
        guard spelling.hasPrefix(prefix), spelling.hasSuffix(">") else { return nil }
        return spelling.dropFirst(prefix.count).dropLast()
    }
}
