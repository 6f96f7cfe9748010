import Foundation
import PropertyFormats

/// Converts a ``TextAwareNode`` to a requested type: strings from text sources with the text
/// rules (``TextConversion``), every other value with the typed table (``PropertyConversion``),
/// lists, dictionaries and `Decodable` types member by member so that each member follows the
/// rules of its own source.
///
/// Reads try the typed table first and come here only when it fails, so a typed source pays
/// nothing for text sources. The text rules accept every string the typed table accepts, with
/// the same result, so trying the typed table first never changes an answer.
enum TextAwareConversion {
    /// Where a conversion is, for the coding path of its errors, and how keys are decoded.
    struct Context {
        var codingPath: [any CodingKey] = []
        var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys

        func appending(_ key: any CodingKey) -> Context {
            var context = self
            context.codingPath.append(key)
            return context
        }
    }

    /// `node` as `type`, or a `DecodingError` whose coding path names the member that failed.
    static func convert<T>(_ node: TextAwareNode, to type: T.Type, _ context: Context = Context()) throws -> T {
        if _isOptional(T.self), let optional = T.self as? any TextAwareOptionalConvertible.Type {
            return try cast(optional.convertWrapped(node, context), context)
        }
        if node.isNull {
            throw DecodingError.valueNotFound(
                T.self, DecodingError.Context(codingPath: context.codingPath, debugDescription: "the value is null"))
        }
        if T.self == Any.self { return try cast(node.value.foundationValue as Any, context) }
        switch node {
        case .value(.string(let text), true), .item(let text):
            if let scalar = TextConversion.scalar(text, as: T.self) {
                guard let converted = scalar else { throw mismatch(T.self, node, context) }
                return converted
            }
        case .value(.array, _), .value(.table, _), .section:
            // A scalar type's own `init(from:)` would ask this node for a scalar again.
            if TextConversion.isScalar(T.self) { throw mismatch(T.self, node, context) }
        case .value(let value, _):
            if let converted = PropertyConversion.convert(value, to: T.self) { return converted }
            throw mismatch(T.self, node, context)
        }
        if let array = T.self as? any TextAwareArrayConvertible.Type {
            return try cast(array.convertArray(node, context), context)
        }
        if let dictionary = T.self as? any TextAwareDictionaryConvertible.Type {
            return try cast(dictionary.convertDictionary(node, context), context)
        }
        if let rawRepresentable = T.self as? any RawRepresentable.Type {
            return try cast(rawValue(node, as: rawRepresentable, context), context)
        }
        if let decodable = T.self as? any Decodable.Type {
            return try cast(decodable.init(from: TextAwareDecoder(node: node, context: context)), context)
        }
        throw mismatch(T.self, node, context)
    }

    private static func rawValue<R: RawRepresentable>(_ node: TextAwareNode, as type: R.Type, _ context: Context)
        throws -> R
    {
        let raw = try convert(node, to: R.RawValue.self, context)
        guard let value = R(rawValue: raw) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: context.codingPath, debugDescription: "no \(R.self) has this raw value"))
        }
        return value
    }

    private static func cast<T>(_ value: Any, _ context: Context) throws -> T {
        guard let typed = value as? T else { throw mismatch(T.self, .value(.null, text: false), context) }
        return typed
    }

    /// The error for a value that does not convert to `type`.
    static func mismatch(_ type: Any.Type, _ node: TextAwareNode, _ context: Context) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: "expected \(type), found \(node.kindDescription)"))
    }
}

/// A coding key for a member name or an array index.
struct TextAwareKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = String(index)
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// `Optional<Wrapped>` as a requested type: null is `nil`, anything else converts to `Wrapped`.
protocol TextAwareOptionalConvertible {
    static func convertWrapped(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any
}

extension Optional: TextAwareOptionalConvertible {
    static func convertWrapped(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any {
        if node.isNull { return Wrapped?.none as Any }
        return Wrapped?.some(try TextAwareConversion.convert(node, to: Wrapped.self, context)) as Any
    }
}

/// `[Element]` as a requested type: an array's elements or a text's list items, each converted.
protocol TextAwareArrayConvertible {
    static func convertArray(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any
}

extension Array: TextAwareArrayConvertible {
    static func convertArray(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any {
        guard let elements = node.elements else {
            if case .value(let value, _) = node, let converted = PropertyConversion.convert(value, to: Self.self) {
                return converted
            }
            throw TextAwareConversion.mismatch(Self.self, node, context)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(
                try TextAwareConversion.convert(
                    element, to: Element.self, context.appending(TextAwareKey(index: index))))
        }
        return result
    }
}

/// `[String: Value]` as a requested type: every non-null member converted.
protocol TextAwareDictionaryConvertible {
    static func convertDictionary(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any
}

extension Dictionary: TextAwareDictionaryConvertible where Key == String {
    static func convertDictionary(_ node: TextAwareNode, _ context: TextAwareConversion.Context) throws -> Any {
        guard let members = node.members else { throw TextAwareConversion.mismatch(Self.self, node, context) }
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for member in members where !member.node.isNull {
            result[member.name] = try TextAwareConversion.convert(
                member.node, to: Value.self, context.appending(TextAwareKey(member.name)))
        }
        return result
    }
}
