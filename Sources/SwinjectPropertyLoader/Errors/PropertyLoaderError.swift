public import Foundation
public import PropertyFormats

/// A loader could not produce properties. The container's properties are left untouched.
///
/// `description` reads like `config.json:12:7: expected ',' or '}' after object member` for
/// malformed content, and names the bundle and resource or the path otherwise.
///
/// The kind of failure is the ``code-swift.property``, spelled in kebab-case (`missing-resource`).
/// Two errors are equal when their codes are equal, whatever their source and message (compare
/// `description` for the text). Each code has a static error value, so a test matches a code with
/// `#expect(throws:)`, and a `catch` clause matches it even where other errors may be thrown:
///
/// ```swift
/// #expect(throws: PropertyLoaderError.missingResource) {
///     try container.applyPropertyLoader(JsonPropertyLoader(url: missingURL))
/// }
///
/// do {
///     try container.applyPropertyLoader(loader)
/// } catch PropertyLoaderError.malformedContent {
///     // only this code
/// }
/// ```
///
/// Code written for the SwinjectPropertyLoader 2.x fork, whose error was an enum with payloads,
/// matches with the same case names: see ``upstreamCase`` and the pattern functions such as
/// ``missingResource(bundle:name:)``.
public struct PropertyLoaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable kebab-case spelling, such as `missing-resource`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code's spelling, such as `missing-resource`.
        public var description: String { rawValue }

        /// The bundle has no resource with that name and extension, or no file exists at the path.
        public static let missingResource = Code("missing-resource")
        /// The file is a directory, cannot be read, is too large, or is a symbolic link loop.
        public static let unreadableFile = Code("unreadable-file")
        /// The content is not valid for the format (the message has the line and column).
        public static let malformedContent = Code("malformed-content")
        /// The document's top level is not a dictionary/table.
        public static let invalidTopLevel = Code("invalid-top-level")
        /// A value has a type that properties cannot hold (custom loaders, Swift values).
        public static let unsupportedValue = Code("unsupported-value")
        /// Two keys of one loader flatten to the same property key.
        public static let conflictingKeys = Code("conflicting-keys")
        /// A reload would give a key a value that running code, which read it before, can no
        /// longer read as it did (a validated reload, ``PropertyReloader/Options/validatesReads``).
        public static let incompatibleValue = Code("incompatible-value")
        /// An option is outside the range it allows (the message names the option, the value
        /// and the range): ``PropertyReloader/Options``' intervals.
        public static let invalidOptions = Code("invalid-options")
    }

    /// The kind of failure.
    public var code: Code
    /// The file path, bundle resource or text label the loader read.
    public var source: String
    /// Where in the text the problem is, or `SourcePosition.unknown`.
    public var position: SourcePosition
    /// What went wrong.
    public var message: String
    /// The parser's error, for malformed content.
    public var parseError: ParseError?
    /// The bundle resource or file URL the loader was reading, when it read one.
    public var origin: Origin?

    /// What a file-based loader reads: a bundle resource or a file URL.
    public enum Origin: Sendable {
        /// `name.fileExtension` in `bundle`.
        case bundle(Bundle, name: String, fileExtension: String)
        /// A file URL.
        case url(URL)
    }

    /// Creates an error.
    public init(
        _ code: Code, source: String, message: String, position: SourcePosition = .unknown,
        parseError: ParseError? = nil
    ) {
        self.code = code
        self.source = source
        self.message = message
        self.position = position
        self.parseError = parseError
    }

    init(parseError: ParseError, source: String) {
        self.init(
            .malformedContent, source: source, message: parseError.message, position: parseError.position,
            parseError: parseError)
    }

    /// `source:line:column: message`, or `source: message` without a position.
    public var description: String {
        position.isKnown ? "\(source):\(position.line):\(position.column): \(message)" : "\(source): \(message)"
    }

    /// Two errors are equal when their codes are equal; compare ``description`` for the text.
    public static func == (lhs: PropertyLoaderError, rhs: PropertyLoaderError) -> Bool {
        lhs.code == rhs.code
    }

    /// Whether `error` is a loader error with the code of `pattern`, so that
    /// `catch PropertyLoaderError.missingResource` compiles beside other `catch` clauses.
    public static func ~= (pattern: PropertyLoaderError, error: any Error) -> Bool {
        (error as? PropertyLoaderError)?.code == pattern.code
    }

    /// A value that equals every error with code ``Code/missingResource``.
    public static let missingResource = PropertyLoaderError(.missingResource, source: "", message: "")
    /// A value that equals every error with code ``Code/unreadableFile``.
    public static let unreadableFile = PropertyLoaderError(.unreadableFile, source: "", message: "")
    /// A value that equals every error with code ``Code/malformedContent``.
    public static let malformedContent = PropertyLoaderError(.malformedContent, source: "", message: "")
    /// A value that equals every error with code ``Code/invalidTopLevel``.
    public static let invalidTopLevel = PropertyLoaderError(.invalidTopLevel, source: "", message: "")
    /// A value that equals every error with code ``Code/unsupportedValue``.
    public static let unsupportedValue = PropertyLoaderError(.unsupportedValue, source: "", message: "")
    /// A value that equals every error with code ``Code/conflictingKeys``.
    public static let conflictingKeys = PropertyLoaderError(.conflictingKeys, source: "", message: "")
    /// A value that equals every error with code ``Code/incompatibleValue``.
    public static let incompatibleValue = PropertyLoaderError(.incompatibleValue, source: "", message: "")
    /// A value that equals every error with code ``Code/invalidOptions``.
    public static let invalidOptions = PropertyLoaderError(.invalidOptions, source: "", message: "")
}
