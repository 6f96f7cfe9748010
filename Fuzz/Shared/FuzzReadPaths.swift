// Shared by the `json-reads` and `toml-reads` targets: one or two documents (split at the first
// 0xFF byte, which no valid JSON or TOML text holds) are applied to a container in order, then
// every key is read through every path a user has: the exact key as each scalar type and as
// `Any`, dot paths into its value, every section above it as `[String: Any]` and `[Any]`, and
// each section decoded as a `Decodable` that accepts any shape, through `property` and
// `requiredProperty`, on the container and on a child container.

import Foundation
import Swinject
import SwinjectPropertyLoader

/// Decodes whatever a section holds, so that the decoding path runs on every shape.
indirect enum AnyConfiguration: Decodable {
    case table([String: AnyConfiguration])
    case list([AnyConfiguration])
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case text(String)
    case null

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            self.stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyConfiguration] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(AnyConfiguration.self, forKey: key) }
            self = .table(members)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [AnyConfiguration] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(AnyConfiguration.self)) }
            self = .list(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? single.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try single.decode(String.self))
            }
        }
    }
}

/// A property of this name that no document defines: reading it must miss.
private let absentKey = "fuzz\u{1F}absent"

enum FuzzReadPaths {
    /// `make` builds a loader for one document; `data` holds one or two documents.
    static func exercise(_ data: Data, _ make: (Data, String) -> any PropertyLoader) {
        let container = Container()
        let documents = data.split(separator: 0xFF, maxSplits: 1, omittingEmptySubsequences: false)
        var applied = 0
        for (index, document) in documents.enumerated() {
            if (try? container.applyPropertyLoader(make(Data(document), "fuzz-\(index)"))) != nil { applied += 1 }
        }
        guard applied > 0 else { return }
        let child = Container(parent: container)
        let keys = container.propertyKeys
        if keys.count != Set(keys).count { fatalError("propertyKeys lists a key twice: \(keys)") }
        var sections = Set<String>()
        for key in keys {
            if container.propertyRecord(for: key) == nil { fatalError("a listed key has no record: \(key)") }
            for resolver in [container, child] as [Resolver] {
                let first: String? = resolver.property(key)
                let second: String? = resolver.property(key)
                if first != second { fatalError("two reads of \(key) as String differ") }
                _ = resolver.property(key, as: Int.self)
                _ = resolver.property(key, as: Double.self)
                _ = resolver.property(key, as: Bool.self)
                _ = resolver.property(key, as: Any.self)
                _ = resolver.property(key, as: [Any].self)
                _ = resolver.property(key, as: [String: Any].self)
                _ = try? resolver.requiredProperty(key, as: Int64.self)
                _ = resolver.property(key + ".0", as: Any.self)
                _ = resolver.property(key + ".0.0", as: String.self)
                _ = resolver.property(key, as: AnyConfiguration.self, keyDecodingStrategy: .useDefaultKeys)
            }
            var prefix = Substring(key)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if !sections.insert(String(prefix)).inserted { break }
            }
        }
        for section in sections.sorted() {
            _ = child.property(section, as: [String: Any].self)
            _ = child.property(section, as: [Any].self)
            _ = child.property(section, as: AnyConfiguration.self, keyDecodingStrategy: .useDefaultKeys)
            _ = try? child.requiredProperty(
                section, as: AnyConfiguration.self, keyDecodingStrategy: .convertFromSnakeCase)
        }
        if container.property(absentKey, as: Any.self) != nil { fatalError("an absent key was found") }
        _ = container.propertiesDescription
    }
}
