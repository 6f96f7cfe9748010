/// Bounds on placeholder expansion, checked every time a container applies a loader.
///
/// Expansion reuses each resolved value, so its work is proportional to what it writes; these
/// limits bound what it may write, so a configuration that references itself exponentially
/// (`b = "${a}${a}"`, `c = "${b}${b}"`, …) is an error naming the key instead of an
/// out-of-memory.
///
/// ```swift
/// container.placeholderLimits = PlaceholderLimits(maxDepth: 8, maxValueBytes: 4096)
/// ```
public struct PlaceholderLimits: Sendable, Hashable {
    /// The longest chain of placeholders that refer to values with placeholders
    /// (`a -> b -> c` is 3). Default 32.
    public var maxDepth: Int
    /// The most UTF-8 bytes one resolved value may have. Default 1 MiB.
    public var maxValueBytes: Int
    /// The most UTF-8 bytes all resolved values of one container may have together. Default
    /// 64 MiB.
    public var maxTotalBytes: Int

    /// Creates limits; each defaults to the value of ``default``.
    public init(maxDepth: Int = 32, maxValueBytes: Int = 1 << 20, maxTotalBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxValueBytes = maxValueBytes
        self.maxTotalBytes = maxTotalBytes
    }

    /// Depth 32, 1 MiB per value, 64 MiB in all.
    public static let `default` = PlaceholderLimits()
}
