import Configuration
import PropertyFormats
import SwinjectPropertyLoader

/// The leaves of a parsed document by flat key, as swift-configuration looks them up, with the
/// conversions of its `ConfigType`s. Shared by ``TOMLSnapshot`` and ``JSONCSnapshot``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct FlatSnapshotValues: Sendable {
    struct Leaf: Sendable {
        var value: PropertyValue
        var position: SourcePosition
        var isSecret: Bool
    }

    let leaves: [String: Leaf]
    /// The file name errors name.
    let sourceName: String
    let bytesDecoder: any ConfigBytesFromStringDecoder

    /// The leaves of `table`, nested tables flattened to dot keys (a segment holding a dot is
    /// quoted, as SwinjectKit writes it); `null` values are left out, as absent.
    init(
        _ table: PropertyTable, sourceName: String, bytesDecoder: any ConfigBytesFromStringDecoder,
        secrets: SecretsSpecifier<String, any Sendable>
    ) {
        var leaves: [String: Leaf] = [:]
        for entry in table.flattened() {
            if case .null = entry.node.value { continue }
            let isSecret = secrets.isSecret(key: entry.key, value: entry.node.value)
            leaves[entry.key] = Leaf(value: entry.node.value, position: entry.node.position, isSecret: isSecret)
        }
        self.leaves = leaves
        self.sourceName = sourceName
        self.bytesDecoder = bytesDecoder
    }

    /// The leaves of the table `parse` reads from the bytes of `data`. Errors name the options'
    /// source name, or else `providerName`: `parse` is given that name, and a `ParseError` it
    /// throws becomes a ``PropertyLoaderError`` with the line and column of the problem.
    init<ParserOptions>(
        parsing data: RawSpan, providerName: String, options: FlatFileParsingOptions<ParserOptions>,
        _ parse: (UnsafeRawBufferPointer, _ sourceName: String) throws -> PropertyTable
    ) throws {
        let sourceName = options.sourceName ?? providerName
        let table: PropertyTable
        do {
            table = try data.withUnsafeBytes { bytes in try parse(bytes, sourceName) }
        } catch let error as ParseError {
            throw PropertyLoaderError(
                .malformedContent, source: sourceName, message: error.message, position: error.position,
                parseError: error)
        }
        self.init(
            table, sourceName: sourceName, bytesDecoder: options.bytesDecoder, secrets: options.secretsSpecifier)
    }

    /// The flat key of `key`: its components spelled as every flat key is (`PropertyKeyPath`).
    static func encode(_ key: AbsoluteConfigKey) -> String {
        PropertyKeyPath.spelling(key.components)
    }

    /// The value at `key` as `type`, nil when there is none.
    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let encoded = Self.encode(key)
        guard let leaf = leaves[encoded] else { return LookupResult(encodedKey: encoded, value: nil) }
        guard let content = content(leaf.value, as: type) else {
            throw ConfigurationBridgeError(
                .notConvertible, key: encoded, source: sourceName, position: leaf.position,
                message: "\(encoded) is \(Self.kindName(leaf.value)), not readable as \(type.rawValue)")
        }
        return LookupResult(encodedKey: encoded, value: ConfigValue(content, isSecret: leaf.isSecret))
    }

    private static func kindName(_ value: PropertyValue) -> String {
        if case .array(let nodes) = value, nodes.contains(where: { if case .table = $0.value { true } else { false } })
        {
            return "an array of tables, which swift-configuration has no type for"
        }
        return value.kindName
    }

    private func content(_ value: PropertyValue, as type: ConfigType) -> ConfigContent? {
        switch type {
        case .string: return string(value).map { .string($0) }
        case .int: return int(value).map { .int($0) }
        case .double: return double(value).map { .double($0) }
        case .bool: return bool(value).map { .bool($0) }
        case .bytes: return bytes(value).map { .bytes($0) }
        case .stringArray: return array(value, string).map { .stringArray($0) }
        case .intArray: return array(value, int).map { .intArray($0) }
        case .doubleArray: return array(value, double).map { .doubleArray($0) }
        case .boolArray: return array(value, bool).map { .boolArray($0) }
        case .byteChunkArray: return array(value, bytes).map { .byteChunkArray($0) }
        }
    }

    private func string(_ value: PropertyValue) -> String? {
        switch value {
        case .string(let text): text
        case .dateTime(let dateTime): dateTime.description
        default: nil
        }
    }

    private func int(_ value: PropertyValue) -> Int? {
        switch value {
        case .integer(let number): Int(exactly: number)
        case .float(let number): Int(exactly: number)
        default: nil
        }
    }

    private func double(_ value: PropertyValue) -> Double? {
        switch value {
        case .float(let number): number
        case .integer(let number): Double(exactly: number)
        default: nil
        }
    }

    private func bool(_ value: PropertyValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    private func bytes(_ value: PropertyValue) -> [UInt8]? {
        switch value {
        case .string(let text): bytesDecoder.decode(text)
        case .data(let data): [UInt8](data)
        default: nil
        }
    }

    private func array<Element>(_ value: PropertyValue, _ convert: (PropertyValue) -> Element?) -> [Element]? {
        guard case .array(let nodes) = value else { return nil }
        var result: [Element] = []
        result.reserveCapacity(nodes.count)
        for node in nodes {
            guard let element = convert(node.value) else { return nil }
            result.append(element)
        }
        return result
    }

    /// `name[N values]`.
    func description(providerName: String) -> String { "\(providerName)[\(leaves.count) values]" }

    /// `name[N values: key=value, …]`, keys sorted, secrets as `<REDACTED>`.
    func debugDescription(providerName: String) -> String {
        let rendered = leaves.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.isSecret ? "<REDACTED>" : Self.render($0.value.value))" }
            .joined(separator: ", ")
        return "\(providerName)[\(leaves.count) values: \(rendered)]"
    }

    /// A scalar's text; an array's elements' texts, nested arrays and tables by kind only.
    private static func render(_ value: PropertyValue) -> String {
        if case .array(let nodes) = value { return nodes.map { scalarText($0.value) }.joined(separator: ",") }
        return scalarText(value)
    }

    private static func scalarText(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .bigInteger(let digits): digits
        case .float(let number): String(number)
        case .bool(let flag): String(flag)
        case .dateTime(let dateTime): dateTime.description
        default: "<\(value.kindName)>"
        }
    }
}
