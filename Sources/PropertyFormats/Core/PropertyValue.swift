public import Foundation

/// A configuration value as read from a file or a Swift value, before any conversion to the
/// type a caller asks for.
///
/// Integers, floats and booleans stay distinct: `1`, `1.0` and `true` are three different
/// values. Arrays and tables hold ``PropertyNode``s, so every nested value keeps the position
/// it was read at.
public enum PropertyValue: Sendable {
    /// An explicit absence of a value, such as JSON `null`. Reading it as any type gives nil.
    case null
    /// A string.
    case string(String)
    /// An integer that fits in 64 bits.
    case integer(Int64)
    /// An integer literal too large for `Int64`, kept exactly as its decimal digits
    /// (with a leading `-` when negative).
    case bigInteger(String)
    /// A binary floating-point number (including infinities and NaN where the format allows them).
    case float(Double)
    /// A boolean.
    case bool(Bool)
    /// A TOML date, time or date-time, with exactly the components that were written.
    indirect case dateTime(DateTimeValue)
    /// An absolute point in time, such as a property list `<date>`.
    case timestamp(Date)
    /// Raw bytes, such as a property list `<data>`.
    case data(Data)
    /// An ordered list of values.
    case array([PropertyNode])
    /// An ordered table of key/value pairs.
    case table(PropertyTable)
}

/// A value together with the position it was read at.
///
/// Two nodes are equal when their values are equal; positions are metadata and do not take
/// part in equality.
public struct PropertyNode: Sendable, Equatable {
    /// The value.
    public var value: PropertyValue
    /// Where the value starts in its source text, or ``SourcePosition/unknown``.
    public var position: SourcePosition

    /// Creates a node.
    public init(_ value: PropertyValue, at position: SourcePosition = .unknown) {
        self.value = value
        self.position = position
    }

    public static func == (lhs: PropertyNode, rhs: PropertyNode) -> Bool {
        lhs.value == rhs.value
    }
}

extension PropertyValue: Equatable {
    /// Structural equality. Floats and timestamps compare by value, except that NaN equals NaN
    /// so that a parsed document equals itself (a binary property list can hold a NaN date).
    public static func == (lhs: PropertyValue, rhs: PropertyValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.bigInteger(let a), .bigInteger(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.bool(let a), .bool(let b)): return a == b
        case (.dateTime(let a), .dateTime(let b)): return a == b
        case (.timestamp(let a), .timestamp(let b)):
            let (left, right) = (a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
            return left == right || (left.isNaN && right.isNaN)
        case (.data(let a), .data(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.table(let a), .table(let b)): return a == b
        default: return false
        }
    }
}

extension PropertyValue {
    /// A short lowercase name of the kind of value, used in error messages
    /// (`null`, `string`, `integer`, `float`, `bool`, `date-time`, `timestamp`, `data`, `array`, `table`).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .string: "string"
        case .integer: "integer"
        case .bigInteger: "big integer"
        case .float: "float"
        case .bool: "bool"
        case .dateTime(let value): value.kind.rawValue
        case .timestamp: "timestamp"
        case .data: "data"
        case .array: "array"
        case .table: "table"
        }
    }
}
