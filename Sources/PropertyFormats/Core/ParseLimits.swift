/// Bounds that protect a process from hostile or broken input. Exceeding one is a
/// ``ParseError``, never a crash or an unbounded allocation.
public struct ParseLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and tables (inline or not). Default 128.
    public var maxDepth: Int
    /// The largest input accepted, in bytes. Default 64 MiB.
    public var maxInputBytes: Int
    /// The most keys in one document, counting nested tables. Default 4,000,000.
    public var maxKeys: Int
    /// The longest single string or key, in UTF-8 bytes after unescaping. Default 16 MiB.
    public var maxStringBytes: Int

    /// Creates limits; every argument defaults to the safe default.
    public init(
        maxDepth: Int = 128,
        maxInputBytes: Int = 64 << 20,
        maxKeys: Int = 4_000_000,
        maxStringBytes: Int = 16 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxInputBytes = maxInputBytes
        self.maxKeys = maxKeys
        self.maxStringBytes = maxStringBytes
    }

    /// The defaults.
    public static let `default` = ParseLimits()
}
