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
    public var value: PropertyValue {
        // A new value must not keep the old one alive through the node's release helper.
        didSet { release = nil }
    }
    /// Where the value starts in its source text, or ``SourcePosition/unknown``.
    public var position: SourcePosition
    /// Set by the parsers on every ``IterativeRelease/interval``-th level of a deep tree, so
    /// that releasing the tree never recurses deeper than that many levels.
    var release: IterativeRelease?

    /// Creates a node.
    public init(_ value: PropertyValue, at position: SourcePosition = .unknown) {
        self.value = value
        self.position = position
    }

    /// Creates a node at nesting `depth` (0 for a document's top level); a container on every
    /// ``IterativeRelease/interval``-th level gets an ``IterativeRelease``.
    init(_ value: PropertyValue, at position: SourcePosition, depth: Int) {
        self.value = value
        self.position = position
        if depth > 0, depth % IterativeRelease.interval == 0, value.isContainer {
            release = IterativeRelease(value)
        }
    }

    public static func == (lhs: PropertyNode, rhs: PropertyNode) -> Bool {
        lhs.value == rhs.value
    }
}

extension PropertyValue: Equatable {
    /// Structural equality. Floats and timestamps compare by value, except that NaN equals NaN
    /// so that a parsed document equals itself (a binary property list can hold a NaN date).
    /// Tables compare as ``PropertyTable``'s `==` says.
    ///
    /// Nested arrays and tables are compared with an explicit stack, so a tree of any depth
    /// costs heap memory, never call stack.
    public static func == (lhs: PropertyValue, rhs: PropertyValue) -> Bool {
        var pending: [(PropertyValue, PropertyValue)] = []
        var (left, right) = (lhs, rhs)
        while true {
            switch (left, right) {
            case (.null, .null): break
            case (.string(let a), .string(let b)): guard a == b else { return false }
            case (.integer(let a), .integer(let b)): guard a == b else { return false }
            case (.bigInteger(let a), .bigInteger(let b)): guard a == b else { return false }
            case (.float(let a), .float(let b)): guard a == b || (a.isNaN && b.isNaN) else { return false }
            case (.bool(let a), .bool(let b)): guard a == b else { return false }
            case (.dateTime(let a), .dateTime(let b)): guard a == b else { return false }
            case (.timestamp(let a), .timestamp(let b)):
                let (first, second) = (a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
                guard first == second || (first.isNaN && second.isNaN) else { return false }
            case (.data(let a), .data(let b)): guard a == b else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for offset in a.indices.reversed() { pending.append((a[offset].value, b[offset].value)) }
            case (.table(let a), .table(let b)):
                guard a.appendMatchedValues(with: b, to: &pending) else { return false }
            default: return false
            }
            guard let next = pending.popLast() else { return true }
            (left, right) = next
        }
    }
}

extension Array {
    /// A small array (16 elements or fewer) with more than half of its capacity unused, in
    /// storage of its own size; any other array itself. The parsers trim what they keep, so a
    /// finished tree holds at most twice the room its small tables and arrays need (copying
    /// every array with any slack costs about a tenth of a parse). A large array's spare
    /// capacity is left: it is memory never written, which the system does not commit, and
    /// copying it out would double the array's memory for a moment.
    func trimmed() -> [Element] {
        guard capacity - count > count, count <= 16 else { return self }
        return withUnsafeBufferPointer { [Element]($0) }
    }
}

extension PropertyValue {
    /// Whether the value is an array or a table.
    var isContainer: Bool {
        switch self {
        case .array, .table: true
        default: false
        }
    }
}

extension PropertyValue {
    /// A short lowercase name of the kind of value, used in error messages
    /// (`null`, `string`, `integer`, `float`, `bool`, `date-time`, `timestamp`, `data`, `array`, `table`).
    package var kindName: String {
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
