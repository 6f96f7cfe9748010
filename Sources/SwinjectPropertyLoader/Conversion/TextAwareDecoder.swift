import Foundation
import PropertyFormats

/// Decodes a `Decodable` type from a ``TextAwareNode``, each member with the rules of its own
/// source: `port: Int` decodes from the environment's `"7777"` as from a JSON file's `7777`.
///
/// Used only for sections that hold values of a text source (the others decode through
/// `JSONDecoder`, ``PropertyValueDecoding``), and with the same conventions: dates are ISO 8601,
/// data is base64, key-decoding strategies apply to member names, and errors are
/// `DecodingError`s with the coding path of the failing member.
struct TextAwareDecoder: Decoder {
    let node: TextAwareNode
    let context: TextAwareConversion.Context

    var codingPath: [any CodingKey] { context.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = node.members else {
            throw TextAwareConversion.mismatch([String: Any].self, node, context)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, context: context))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.elements else { throw TextAwareConversion.mismatch([Any].self, node, context) }
        return UnkeyedContainer(elements: elements, context: context)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(node: node, context: context)
    }
}

extension TextAwareDecoder {
    /// The members of a table by the name the key-decoding strategy gives them; the first
    /// member wins when two names decode to one key.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let context: TextAwareConversion.Context
        private let byName: [String: TextAwareNode]
        let allKeys: [Key]

        init(members: [(name: String, node: TextAwareNode)], context: TextAwareConversion.Context) {
            self.context = context
            var byName: [String: TextAwareNode] = [:]
            byName.reserveCapacity(members.count)
            var keys: [Key] = []
            for member in members {
                let name = Self.swiftName(member.name, strategy: context.keyDecodingStrategy, path: context.codingPath)
                guard byName[name] == nil else { continue }
                byName[name] = member.node
                if let key = Key(stringValue: name) { keys.append(key) }
            }
            self.byName = byName
            allKeys = keys
        }

        private static func swiftName(
            _ name: String, strategy: JSONDecoder.KeyDecodingStrategy, path: [any CodingKey]
        ) -> String {
            switch strategy {
            case .useDefaultKeys: name
            case .convertFromSnakeCase: DecodingDiagnosis.camelCase(fromSnakeCase: name)
            case .custom(let convert): convert(path + [TextAwareKey(name)]).stringValue
            @unknown default: name
            }
        }

        var codingPath: [any CodingKey] { context.codingPath }

        func contains(_ key: Key) -> Bool { byName[key.stringValue] != nil }

        private func member(_ key: Key) throws -> TextAwareNode {
            guard let node = byName[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
            }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try TextAwareConversion.convert(member(key), to: T.self, context.appending(key))
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key) }

        private func value<T>(_ key: Key) throws -> T {
            try TextAwareConversion.convert(member(key), to: T.self, context.appending(key))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try TextAwareDecoder(node: member(key), context: context.appending(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try TextAwareDecoder(node: member(key), context: context.appending(key)).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            let key = TextAwareKey("super")
            let node = byName[key.stringValue] ?? .value(.null, text: false)
            return TextAwareDecoder(node: node, context: context.appending(key))
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            TextAwareDecoder(
                node: byName[key.stringValue] ?? .value(.null, text: false), context: context.appending(key))
        }
    }
}
