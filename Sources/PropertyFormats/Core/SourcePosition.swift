/// A place in a source text: 1-based line and column.
///
/// Columns count Unicode scalars from the start of the line, so a column matches what an
/// editor shows for text without combining marks. A position of line 0 means "not from a
/// text" (for example, a value that came from a Swift struct).
///
/// Every parsed value carries one, so it is stored in 32-bit halves (8 bytes): lines and
/// columns past 4,294,967,295, possible only with a raised ``ParseLimits/maxInputBytes``,
/// read as that number.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The 1-based line number, or 0 when the value has no text position.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// The 1-based column, counted in Unicode scalars, or 0 when the value has no text position.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.storedLine = UInt32(clamping: line)
        self.storedColumn = UInt32(clamping: column)
    }

    /// The position of values that did not come from a text.
    public static let unknown = SourcePosition(line: 0, column: 0)

    /// Whether this position points into a text.
    package var isKnown: Bool { line > 0 }

    /// `line:column`, or `?` for ``unknown``.
    public var description: String { isKnown ? "\(line):\(column)" : "?" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

extension SourcePosition {
    /// The line and column of byte `offset` of `bytes`, read from byte `start` (line 1, column 1),
    /// columns counted in Unicode scalars (bytes that do not continue a UTF-8 sequence). Walks the
    /// text from `start`, so it is for errors, made once.
    package init(ofByte offset: Int, in bytes: UnsafeRawBufferPointer, from start: Int = 0) {
        var line = 1
        var column = 1
        var index = start
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(line: line, column: column)
    }
}
