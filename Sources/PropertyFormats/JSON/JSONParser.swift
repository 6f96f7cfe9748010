public import Foundation

/// A fast, strict JSON parser that also accepts `//` and `/* */` comments, and keeps the line
/// and column of every value and key.
///
/// The input is read byte by byte as UTF-8, without recursion and without Foundation's JSON
/// support. Apart from comments the grammar is RFC 8259: no trailing commas, no single
/// quotes, no `NaN` or `Infinity`, no leading zeros or `+`, and every string escape and every
/// UTF-8 sequence is checked. A UTF-8 byte order mark at the start is skipped.
///
/// ```swift
/// let root = try JSONParser.parse("""
///     {
///       // where the API lives
///       "api": { "baseURL": "https://example.com", "timeout": 2.5 }
///     }
///     """)
/// ```
///
/// Values map to ``PropertyValue`` as follows:
/// - integers that fit in `Int64` become ``PropertyValue/integer(_:)``; longer integer
///   literals become ``PropertyValue/bigInteger(_:)`` with their exact digits (and a leading
///   `-` when negative); `-0` is the integer 0;
/// - a number with a fraction or an exponent becomes ``PropertyValue/float(_:)``, correctly
///   rounded. A literal too large for `Double`, such as `1e400`, becomes `.float(.infinity)`
///   (or `-.infinity`), as Python's `json` module reads it, and one too small becomes zero;
/// - objects become ``PropertyValue/table(_:)`` with keys in the order written. Keys compare
///   as Swift `String`s do, so `"é"` and `"e\u0301"` (canonically equivalent) are one key and
///   the second is a duplicate: the rule of the property store, `[String: Any]` sections and
///   `Decodable`, which would otherwise merge them silently.
///
/// Positions are 1-based; columns count Unicode scalars from the start of the line, so a
/// column after an emoji or an accent matches what an editor shows. A line ends at `\n`
/// (so `\r\n` is one line break).
public struct JSONParser: Sendable {
    /// What to do when an object defines the same key twice.
    public enum DuplicateKeyPolicy: Sendable {
        /// Throw a ``ParseError`` with code ``ParseError/duplicateKey`` that names both
        /// definitions.
        case reject
        /// Keep one entry per key: the later value replaces the earlier one in place, with the
        /// later key's position (as Python's `json` module and most JSON readers do).
        case useLast
    }

    /// How the parser reads its input.
    public struct Options: Sendable {
        /// Bounds on depth, input size, key count and string length.
        public var limits: ParseLimits
        /// What to do with a key that is defined twice in one object.
        public var duplicateKeys: DuplicateKeyPolicy
        /// Whether `//` and `/* */` comments are allowed wherever whitespace is.
        public var allowsComments: Bool

        /// Creates options; the defaults read JSON with comments, reject duplicate keys and
        /// apply ``ParseLimits/default``.
        public init(
            limits: ParseLimits = .default,
            duplicateKeys: DuplicateKeyPolicy = .reject,
            allowsComments: Bool = true
        ) {
            self.limits = limits
            self.duplicateKeys = duplicateKeys
            self.allowsComments = allowsComments
        }
    }

    /// Parses UTF-8 bytes into a tree of nodes; what the `Data` and `String` overloads call.
    package static func parse(_ bytes: UnsafeRawBufferPointer, options: Options = .init()) throws(ParseError)
        -> PropertyNode
    {
        if bytes.count > options.limits.maxInputBytes {
            throw ParseError(
                .inputTooLarge,
                "input is \(bytes.count) bytes, more than the limit of \(options.limits.maxInputBytes) bytes",
                at: SourcePosition(line: 1, column: 1)
            )
        }
        if let encoding = UTF8Validation.detectWideEncoding(bytes) {
            throw ParseError(
                .invalidEncoding,
                "input is \(encoding), not UTF-8; save the file as UTF-8",
                at: SourcePosition(line: 1, column: 1)
            )
        }
        var reader = JSONReader(bytes: bytes, options: options)
        return try reader.readDocument()
    }

    /// Parses UTF-8 data into a tree of nodes.
    ///
    /// The top level may be any JSON value. Throws a ``ParseError`` with the line and column of
    /// the first problem; never traps, whatever the input.
    public static func parse(_ data: Data, options: Options = .init()) throws(ParseError) -> PropertyNode {
        let result: Result<PropertyNode, ParseError> = data.withUnsafeBytes { bytes in
            do throws(ParseError) {
                return .success(try parse(bytes, options: options))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a string into a tree of nodes, as the `Data` overload does.
    public static func parse(_ text: String, options: Options = .init()) throws(ParseError) -> PropertyNode {
        var text = text
        let result: Result<PropertyNode, ParseError> = text.withUTF8 { buffer in
            do throws(ParseError) {
                return .success(try parse(UnsafeRawBufferPointer(buffer), options: options))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
