package import Foundation
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
        package static let missingResource = Code("missing-resource")
        /// The file is a directory, cannot be read, is too large, or is a symbolic link loop.
        package static let unreadableFile = Code("unreadable-file")
        /// The content is not valid for the format (the message has the line and column).
        package static let malformedContent = Code("malformed-content")
        /// The document's top level is not a dictionary/table.
        package static let invalidTopLevel = Code("invalid-top-level")
        /// A value has a type that properties cannot hold (custom loaders, Swift values).
        package static let unsupportedValue = Code("unsupported-value")
        /// Two keys of one loader flatten to the same property key.
        package static let conflictingKeys = Code("conflicting-keys")
        /// A reload would give a key a value that running code, which read it before, can no
        /// longer read as it did (a validated reload, ``PropertyReloader/Options/validatesReads``).
        package static let incompatibleValue = Code("incompatible-value")
        /// An option is outside the range it allows (the message names the option, the value
        /// and the range): ``PropertyReloader/Options``' intervals.
        package static let invalidOptions = Code("invalid-options")
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
    package var origin: Origin?

    /// What a file-based loader reads: a bundle resource or a file URL.
    package enum Origin: Sendable {
        /// `name.fileExtension` in `bundle`.
        case bundle(Bundle, name: String, fileExtension: String)
        /// A file URL.
        case url(URL)
    }

    /// Creates an error.
    package init(
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

    /// The bundle has no resource with that name and extension, or no file exists at the path.
    /// Equals every error with the code `missing-resource`.
    public static let missingResource = PropertyLoaderError(.missingResource, source: "", message: "")
    /// The file is a directory, cannot be read, is too large, or is a symbolic link loop.
    /// Equals every error with the code `unreadable-file`.
    public static let unreadableFile = PropertyLoaderError(.unreadableFile, source: "", message: "")
    /// The content is not valid for the format (the message has the line and column).
    /// Equals every error with the code `malformed-content`.
    public static let malformedContent = PropertyLoaderError(.malformedContent, source: "", message: "")
    /// The document's top level is not a dictionary/table.
    /// Equals every error with the code `invalid-top-level`.
    public static let invalidTopLevel = PropertyLoaderError(.invalidTopLevel, source: "", message: "")
    /// A value has a type that properties cannot hold (custom loaders, Swift values).
    /// Equals every error with the code `unsupported-value`.
    public static let unsupportedValue = PropertyLoaderError(.unsupportedValue, source: "", message: "")
    /// Two keys of one loader flatten to the same property key.
    /// Equals every error with the code `conflicting-keys`.
    public static let conflictingKeys = PropertyLoaderError(.conflictingKeys, source: "", message: "")
    /// A reload would give a key a value that running code, which read it before, can no
    /// longer read as it did (a validated reload, ``PropertyReloader/Options/validatesReads``).
    /// Equals every error with the code `incompatible-value`.
    public static let incompatibleValue = PropertyLoaderError(.incompatibleValue, source: "", message: "")
    /// An option is outside the range it allows (the message names the option, the value
    /// and the range): ``PropertyReloader/Options``' intervals.
    /// Equals every error with the code `invalid-options`.
    public static let invalidOptions = PropertyLoaderError(.invalidOptions, source: "", message: "")
}
