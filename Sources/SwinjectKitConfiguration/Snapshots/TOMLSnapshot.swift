public import Configuration
public import PropertyFormats

/// A TOML file as a swift-configuration snapshot, for `FileProvider<TOMLSnapshot>` and
/// `ReloadingFileProvider<TOMLSnapshot>`.
///
/// Tables flatten to dot keys (`[database] port = 5432` is `database.port`); a quoted key
/// segment that holds a dot keeps its quotes (`a."b.c"`). Values convert as swift-configuration's
/// JSON snapshot converts them: integers read as `int` or `double`, floats with no fraction as
/// `int`, strings as `bytes` through the options' bytes decoder, arrays as the array types
/// when every element converts, and dates and times as their TOML text. A failed parse throws
/// `PropertyLoaderError` with the line and column of the problem.
///
/// ```swift
/// let provider = try await FileProvider<TOMLSnapshot>(filePath: "/etc/orders/app.toml")
/// let config = ConfigReader(provider: provider)
/// let port = config.int(forKey: "database.port", default: 5432)
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct TOMLSnapshot: Sendable {
    /// How the file is parsed and which values are secret.
    public typealias ParsingOptions = FlatFileParsingOptions<TOMLParser.Options>

    /// The name of the provider that made this snapshot.
    public let providerName: String
    let values: FlatSnapshotValues
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension TOMLSnapshot: FileConfigSnapshot {
    /// Parses `data` as TOML.
    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        self.providerName = providerName
        self.values = try FlatSnapshotValues(parsing: data, providerName: providerName, options: parsingOptions) {
            bytes, _ in try TOMLParser.parse(bytes, options: parsingOptions.parser)
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
