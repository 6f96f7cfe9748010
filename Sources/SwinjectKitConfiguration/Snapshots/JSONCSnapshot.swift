public import Configuration
public import PropertyFormats
import SwinjectPropertyLoader

/// A JSON file with `//` and `/* */` comments as a swift-configuration snapshot, for
/// `FileProvider<JSONCSnapshot>` and `ReloadingFileProvider<JSONCSnapshot>`.
///
/// Objects flatten to dot keys (`{"database": {"port": 5432}}` is `database.port`); a key that
/// holds a dot keeps its quotes (`a."b.c"`). Values convert as swift-configuration's own
/// `JSONSnapshot` converts them, and arrays of objects are allowed in the file (reading one
/// is an error naming its line:column). Duplicate keys, and a failed parse, throw
/// `PropertyLoaderError` with the line and column of the problem.
///
/// ```swift
/// let provider = try await FileProvider<JSONCSnapshot>(filePath: "/etc/orders/app.json")
/// let config = ConfigReader(provider: provider)
/// let timeout = config.double(forKey: "http.timeout", default: 30)
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct JSONCSnapshot: Sendable {
    /// How the file is parsed and which values are secret.
    public typealias ParsingOptions = FlatFileParsingOptions<JSONParser.Options>

    /// The name of the provider that made this snapshot.
    public let providerName: String
    let values: FlatSnapshotValues
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension JSONCSnapshot: FileConfigSnapshot {
    /// Parses `data` as JSON with comments; the top level must be an object.
    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        self.providerName = providerName
        self.values = try FlatSnapshotValues(parsing: data, providerName: providerName, options: parsingOptions) {
            bytes, sourceName in
            let root = try JSONParser.parse(bytes, options: parsingOptions.parser)
            guard case .table(let table) = root.value else {
                throw PropertyLoaderError(
                    .invalidTopLevel, source: sourceName,
                    message: "top level is \(root.value.kindName), expected an object",
                    position: root.position)
            }
            return table
        }
    }

    /// The value at `key` as `type`; a value that cannot be that type throws
    /// ``ConfigurationBridgeError`` with its line:column.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try values.value(forKey: key, type: type)
    }

    /// `provider[N values]`.
    public var description: String { values.description(providerName: providerName) }

    /// Every key and value, secrets as `<REDACTED>`.
    public var debugDescription: String { values.debugDescription(providerName: providerName) }
}
