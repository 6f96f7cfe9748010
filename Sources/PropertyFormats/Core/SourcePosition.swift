/// A place in a source text: 1-based line and column.
///
/// Columns count Unicode scalars from the start of the line, so a column matches what an
/// editor shows for text without combining marks. A position of line 0 means "not from a
/// text" (for example, a value that came from a Swift struct).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number, or 0 when the value has no text position.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars, or 0 when the value has no text position.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of values that did not come from a text.
    public static let unknown = SourcePosition(line: 0, column: 0)

    /// Whether this position points into a text.
    public var isKnown: Bool { line > 0 }

    /// `line:column`, or `?` for ``unknown``.
    public var description: String { isKnown ? "\(line):\(column)" : "?" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
