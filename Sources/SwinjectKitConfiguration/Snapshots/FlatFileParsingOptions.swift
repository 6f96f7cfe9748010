public import Configuration
public import PropertyFormats

/// Parser options with a default value: what ``FlatFileParsingOptions`` needs of the parser
/// options of a format.
public protocol DefaultParserOptions: Sendable {
    /// The default options.
    init()
}

extension JSONParser.Options: DefaultParserOptions {
    /// The default JSON options.
    public init() { self.init(limits: .default) }
}

extension TOMLParser.Options: DefaultParserOptions {
    /// The default TOML options.
    public init() { self.init(limits: .default) }
}

/// How one of our formats is parsed for swift-configuration and which of its values are
/// secret: ``JSONCSnapshot/ParsingOptions`` and ``TOMLSnapshot/ParsingOptions``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct FlatFileParsingOptions<ParserOptions: DefaultParserOptions>: FileParsingOptions {
    /// The parser's options: limits, and the format's own switches.
    public var parser: ParserOptions
    /// Turns strings into bytes for the `bytes` types; base64 by default.
    public var bytesDecoder: any ConfigBytesFromStringDecoder
    /// Which keys (flat, `database.password`) hold secrets.
    public var secretsSpecifier: SecretsSpecifier<String, any Sendable>
    /// The name parse errors give the file (the provider's name when nil); `FileProvider` does
    /// not pass the path to a snapshot.
    public var sourceName: String?

    /// Creates options.
    public init(
        parser: ParserOptions = ParserOptions(), bytesDecoder: some ConfigBytesFromStringDecoder = .base64,
        secretsSpecifier: SecretsSpecifier<String, any Sendable> = .none, sourceName: String? = nil
    ) {
        self.parser = parser
        self.bytesDecoder = bytesDecoder
        self.secretsSpecifier = secretsSpecifier
        self.sourceName = sourceName
    }

    /// Default parser options, base64 bytes, no secrets.
    public static var `default`: Self { .init() }
}
