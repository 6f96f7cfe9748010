import Foundation
import PropertyFormats

extension PropertyValueBridging {
    /// The values property lists and `JSONSerialization` produce, recognized by their exact
    /// type. On Linux a failed `as?` to a bridged type (`value as? NSNumber` on a dictionary,
    /// `value as? [String: Any]` on a `[AnyHashable: Any]`) converts the whole value through
    /// Foundation first, so the general path costs more than parsing the file; this path
    /// makes no cast at all. Nil means "not one of these types": use the general path.
    static func exactTypeValue(
        _ value: Any, key: @autoclosure () -> String, source: String, budget: inout ValueBudget
    ) throws(PropertyLoaderError) -> PropertyValue? {
        // Passing the existential to a generic parameter opens it: `Value` is the dynamic type.
        try exactTypeValue(of: value, key: key(), source: source, budget: &budget)
    }

    /// The fast path on an opened value. Each branch first compares `Value` with one known type,
    /// so the ``identity(_:as:)`` that follows reads the value as the type it already is.
    private static func exactTypeValue<Value>(
        of value: Value, key: @autoclosure () -> String, source: String, budget: inout ValueBudget
    ) throws(PropertyLoaderError) -> PropertyValue? {
        if Value.self == String.self { return .string(identity(value, as: String.self)) }
        if Value.self == NSNumber.self { return numberValue(identity(value, as: NSNumber.self)) }
        if Value.self == Bool.self { return .bool(identity(value, as: Bool.self)) }
        if Value.self == Int.self { return .integer(Int64(identity(value, as: Int.self))) }
        if Value.self == Double.self { return .float(identity(value, as: Double.self)) }
        if Value.self == [Any].self {
            let array = identity(value, as: [Any].self)
            guard budget.spend(array.count) else { throw budget.exceeded(source: source, at: key()) }
            var nodes: [PropertyNode] = []
            nodes.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                let nested = try propertyValue(from: element, key: "\(key()).\(index)", source: source, budget: &budget)
                nodes.append(PropertyNode(nested))
            }
            return .array(nodes)
        }
        if Value.self == [AnyHashable: Any].self {
            return try table(identity(value, as: [AnyHashable: Any].self), key: key(), source: source, budget: &budget)
                .map(PropertyValue.table)
        }
        if Value.self == [String: Any].self {
            return try table(identity(value, as: [String: Any].self), key: key(), source: source, budget: &budget)
                .map(PropertyValue.table)
        }
        if Value.self == Date.self { return try timestamp(identity(value, as: Date.self), key: key(), source: source) }
        if Value.self == Data.self { return .data(identity(value, as: Data.self)) }
        return nil
    }

    /// As the general path's `as? Int`, then `as? Double`: an integral number reads as an
    /// integer, any other as a float. Other encodings (booleans among them) take the general path.
    static func numberValue(_ number: NSNumber) -> PropertyValue? {
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

    /// A table of `dictionary`'s members sorted by key, as the general path sorts dictionary
    /// keys; nil when a key is not a string. Members are reached through their indices, so
    /// nothing is copied before it is converted.
    private static func table<Key: Hashable>(
        _ dictionary: [Key: Any], key: @autoclosure () -> String, source: String, budget: inout ValueBudget
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
        guard budget.spend(keys.count) else { throw budget.exceeded(source: source, at: key()) }
        if let (first, second) = equivalentKeys(in: keys) {
            throw PropertyLoaderError(
                .conflictingKeys, source: source,
                message: "property \"\(key())\" \(equivalentKeysProblem(first, second))")
        }
        var entries: [PropertyTable.Entry] = []
        entries.reserveCapacity(keys.count)
        for offset in KeyByteOrder.offsets(of: keys) {
            let nested = try propertyValue(
                from: dictionary.values[positions[offset]], key: "\(key()).\(keys[offset])", source: source,
                budget: &budget)
            entries.append(PropertyTable.Entry(key: keys[offset], node: PropertyNode(nested)))
        }
        return PropertyTable(entries)
    }

    /// The key as a string, or nil when it is not one (a property list's dictionaries hold
    /// `AnyHashable` keys wrapping `String`s).
    static func keyText<Key: Hashable>(_ key: Key) -> String? {
        if Key.self == String.self { return identity(key, as: String.self) }
        if Key.self == AnyHashable.self { return stringValue(of: identity(key, as: AnyHashable.self).base) }
        return nil
    }

    /// The string an opened `Any` holds, or nil.
    private static func stringValue<Value>(of value: Value) -> String? {
        Value.self == String.self ? identity(value, as: String.self) : nil
    }

    /// The top level of a property list or `JSONSerialization` result as key/value pairs sorted
    /// by key, or nil when it is not a dictionary with string keys. Avoids bridging a
    /// `[AnyHashable: Any]` to `[String: Any]`, which on Linux converts every nested value.
    static func sortedTopLevel(_ value: Any) -> [(key: String, value: Any)]? {
        if type(of: value) == [AnyHashable: Any].self, let dictionary = value as? [AnyHashable: Any] {
            return sortedPairs(dictionary)
        }
        guard let dictionary = value as? [String: Any] else { return nil }
        return sortedPairs(dictionary)
    }

    /// `dictionary`'s members ordered by the bytes of their keys (custom loaders' dictionaries
    /// and nested `[String: Any]` values).
    static func sortedPairs(_ dictionary: [String: Any]) -> [(key: String, value: Any)] {
        byteOrdered(Array(dictionary))
    }

    private static func sortedPairs<Key: Hashable>(_ dictionary: [Key: Any]) -> [(key: String, value: Any)]? {
        var pairs: [(key: String, value: Any)] = []
        pairs.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            guard let text = keyText(key) else { return nil }
            pairs.append((text, element))
        }
        return byteOrdered(pairs)
    }

    private static func byteOrdered(_ pairs: [(key: String, value: Any)]) -> [(key: String, value: Any)] {
        KeyByteOrder.offsets(of: pairs.map(\.key)).map { pairs[$0] }
    }
}

/// `value` read as `Target`, which the caller has checked is `Value` itself, so the cast cannot
/// fail.
private func identity<Value, Target>(_ value: Value, as target: Target.Type) -> Target {
    value as! Target
}
