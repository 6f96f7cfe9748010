public import Foundation

/// A TOML 1.0.0 parser (with opt-in TOML 1.1 features) that reads UTF-8 bytes into a
/// ``PropertyTable``, keeping the line and column of every key and value.
///
/// ```swift
/// let table = try TOMLParser.parse("""
///     [api]
///     base_url = "https://example.com"
///     """)
/// // table["api"]?.value is .table([base_url: .string("https://example.com")])
/// ```
///
/// Nested tables become `.table` values, arrays of tables `.array` of `.table` nodes, and dates
/// and times `.dateTime` values of the kind that was written. Keys keep document order and
/// compare as Swift `String`s do: two spellings of one key that differ only in Unicode
/// normalization are a duplicate key, as they would be one key in the property store. Every
/// problem is a ``ParseError`` with a position; the parser never traps on any input.
public struct TOMLParser: Sendable {
    /// The TOML specification version to accept.
    public enum Version: Sendable {
        /// TOML 1.0.0.
        case v1_0
        /// TOML 1.1: adds `\e` and `\xHH` escapes, newlines and trailing commas in inline
        /// tables, and times without seconds.
        case v1_1
    }

    /// Settings for one parse.
    public struct Options: Sendable {
        /// Bounds on input size, nesting, key count and string length.
        public var limits: ParseLimits
        /// The TOML version to accept.
        public var version: Version

        /// Creates options; the defaults are ``ParseLimits/default`` and TOML 1.0.
        public init(limits: ParseLimits = .default, version: Version = .v1_0) {
            self.limits = limits
            self.version = version
        }
    }

    /// The deepest nesting the TOML reader accepts, whatever ``ParseLimits/maxDepth`` allows.
    ///
    /// The reader follows nested arrays and inline tables, and finishes nested tables, by
    /// recursion, at up to about 2 KB of stack a level in release builds and 8 KB in debug
    /// builds; deeper input is a ``ParseError/nestingTooDeep`` error, never a stack
    /// overflow. (The JSON reader keeps its nesting on the heap and has no such cap.)
    package static let maxSupportedDepth = 512

    /// Parses a TOML document held in UTF-8 bytes; what the `Data` and `String` overloads call.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, options: Options = .init()
    ) throws(ParseError) -> PropertyTable {
        var options = options
        options.limits.maxDepth = min(options.limits.maxDepth, maxSupportedDepth)
        guard bytes.count <= options.limits.maxInputBytes else {
            throw ParseError(
                .inputTooLarge,
                "input of \(bytes.count) bytes exceeds the limit of \(options.limits.maxInputBytes) bytes",
                at: SourcePosition(line: 1, column: 1))
        }
        var reader = TOMLReader(bytes: bytes, options: options)
        return try reader.parseDocument()
    }

    /// Parses a TOML document held in UTF-8 data.
    ///
    /// - Returns: The root table.
    /// - Throws: A ``ParseError`` for any input that is not a valid TOML document.
    public static func parse(_ data: Data, options: Options = .init()) throws(ParseError) -> PropertyTable {
        let result: Result<PropertyTable, ParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(ParseError) -> PropertyTable in try parse(buffer, options: options) }
        }
        return try result.get()
    }

    /// Parses a TOML document held in a string.
    ///
    /// - Returns: The root table.
    /// - Throws: A ``ParseError`` for any input that is not a valid TOML document.
    public static func parse(_ text: String, options: Options = .init()) throws(ParseError) -> PropertyTable {
        var text = text
        let result: Result<PropertyTable, ParseError> = text.withUTF8 { buffer in
            Result { () throws(ParseError) -> PropertyTable in
                try parse(UnsafeRawBufferPointer(buffer), options: options)
            }
        }
        return try result.get()
    }
}
