/// Bounds that protect a process from hostile or broken input. Exceeding one is a
/// ``ParseError``, never a crash or an unbounded allocation.
///
/// ## Memory
///
/// Within these limits a parse needs at most about 40 bytes of memory per byte of input at
/// its peak, so the defaults bound one document at about 2.5 GiB (64 MiB of input). Every
/// value is a 40-byte ``PropertyNode``, and every non-empty array and table one allocation, so
/// the input shapes that pack the most values into the fewest bytes cost the most: a JSON
/// array of one-digit numbers (two bytes a value, 34 bytes per input byte at the peak while the
/// array grows, 21 once parsed), an array of one-element arrays (31), TOML dotted keys such as
/// `1.b=1` (32) and arrays of inline tables (24). Configuration files, with their longer keys
/// and strings, take 5 to 15. `Scripts/fuzz.sh memory` measures these shapes and fails above
/// the bound. Memory grows with ``maxInputBytes``;
/// ``maxNodesPerInputByte`` keeps formats that share values (binary property lists) within the
/// same bound.
public struct ParseLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and tables (inline or not). Default 128.
    public var maxDepth: Int
    /// The largest input accepted, in bytes. Default 64 MiB.
    public var maxInputBytes: Int
    /// The most keys in one document, counting nested tables. Default 4,000,000.
    public var maxKeys: Int
    /// The longest single string or key, in UTF-8 bytes after unescaping. Default 16 MiB.
    public var maxStringBytes: Int
    /// The most values (the top level, every array element and every table member) a document
    /// may hold per byte of its input, counting a value once for every place it appears.
    /// Default 1.
    ///
    /// A JSON or TOML document spends at least one byte on every value it holds, so it never
    /// reaches this limit at the default. A binary property list can refer to one array or
    /// dictionary from many places, and a small file whose arrays each refer to the previous
    /// one several times expands exponentially when read; the property list loader counts
    /// values while it converts them and stops with ``ParseError/tooManyValues`` at
    /// `maxNodesPerInputByte × input bytes`. A dictionary from a custom loader has no input
    /// bytes and is held to `maxNodesPerInputByte × maxInputBytes`.
    public var maxNodesPerInputByte: Int
    /// The most segments one property key may have once a container merges it (`a.b.c` has
    /// three): a JSON or property list key adds one per `.`, and every table it holds one more.
    /// Exceeding it fails `applyPropertyLoader` with a ``ParseError/nestingTooDeep`` parse
    /// error that names the key and its source. The parsers apply ``maxDepth`` while reading;
    /// the tables a container builds from dotted keys are bounded by this instead, so reading a
    /// section, converting it or releasing it never nests deeper. Default 128.
    public var maxKeySegments: Int

    /// Creates limits; every argument defaults to the safe default.
    public init(
        maxDepth: Int = 128,
        maxInputBytes: Int = 64 << 20,
        maxKeys: Int = 4_000_000,
        maxStringBytes: Int = 16 << 20,
        maxNodesPerInputByte: Int = 1,
        maxKeySegments: Int = 128
    ) {
        self.maxDepth = maxDepth
        self.maxInputBytes = maxInputBytes
        self.maxKeys = maxKeys
        self.maxStringBytes = maxStringBytes
        self.maxKeySegments = maxKeySegments
        self.maxNodesPerInputByte = maxNodesPerInputByte
    }

    /// The most values a document of `inputBytes` bytes may hold under
    /// ``maxNodesPerInputByte`` (saturating instead of overflowing).
    package func maxNodes(forInputBytes inputBytes: Int) -> Int {
        let (product, overflow) = max(inputBytes, 0).multipliedReportingOverflow(by: max(maxNodesPerInputByte, 0))
        return overflow ? Int.max : product
    }

    /// The defaults.
    public static let `default` = ParseLimits()
}
