import Foundation

/// Builds a stand-in for a `Decodable` value during a dry run: every field gets the stand-in
/// of its type (zero, `false`, `""`, empty collections, `nil` for optionals, `about:blank` for a
/// URL), so a factory whose required read of a section failed still finishes and the dry run
/// goes on to the next read. Nesting is bounded, so a type that contains itself through a
/// collection or an optional ends instead of recursing.
struct DryRunStandInDecoder: Decoder {
    static let maxDepth = 32

    let depth: Int
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct TooDeep: Error {}

    /// A stand-in value of `type`, or nil when the type's decoder rejects stand-in fields.
    static func standIn<T: Decodable>(_ type: T.Type) -> T? {
        try? DryRunStandInDecoder(depth: 0).decodeValue(T.self)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let simple = PropertyDryRun.simpleStandIn(for: T.self) { return simple }
        guard depth < Self.maxDepth else { throw TooDeep() }
        return try T(from: DryRunStandInDecoder(depth: depth + 1, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// Every key is present and every value is a stand-in; `decodeNil` answers true, so an
    /// optional field is nil.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: DryRunStandInDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decodeValue(T.self) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: decoder))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            Unkeyed(decoder: decoder)
        }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }

    /// An empty array.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: DryRunStandInDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }

        mutating func decodeNil() throws -> Bool { true }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: decoder))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }
        mutating func superDecoder() throws -> any Decoder { decoder }
    }

    /// A single stand-in value; not nil, so a value type with a custom decoder gets a value.
    struct Single: SingleValueDecodingContainer {
        let decoder: DryRunStandInDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
    }
}
