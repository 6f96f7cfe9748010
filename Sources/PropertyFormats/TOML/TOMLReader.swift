/// The byte-level cursor behind ``TOMLParser``: holds the input, the read offset and the
/// current line, and builds positions and errors. The input is checked for valid UTF-8 and
/// forbidden control characters before parsing starts, so every other pass can treat a NUL
/// byte as the end of input.
struct TOMLReader {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    let limits: ParseLimits
    let isV11: Bool
    /// The read offset.
    var offset = 0
    /// The 1-based line of ``offset``.
    var line = 1
    /// The offset of the first byte of the current line.
    var lineStart = 0
    /// The offset up to which ``columnCount`` has been counted on the current line.
    var columnOffset = 0
    /// The column of ``columnOffset``.
    var columnCount = 1
    /// Builds the document's tables as keys and headers are read.
    var builder: TOMLDocumentBuilder
    /// Reused for the segments of each key, to save an allocation per key.
    var keyScratch: [TOMLKey] = []
    /// Elements of the arrays being read, innermost last; each array takes its elements off
    /// the top when it closes, so its storage is allocated once at the exact size.
    var valueStack: [PropertyNode] = []
    /// Recently read bare keys, so a repeated key becomes a `String` once.
    var keyCache = KeyCache()

    init(bytes: UnsafeRawBufferPointer, options: TOMLParser.Options) {
        self.bytes = bytes
        self.end = bytes.count
        self.limits = options.limits
        self.isV11 = options.version == .v1_1
        self.builder = TOMLDocumentBuilder(limits: options.limits)
        self.keyCache = KeyCache(inputBytes: bytes.count)
    }

    /// The byte at `index`, or 0 past the end (the input holds no NUL bytes).
    func byte(at index: Int) -> UInt8 {
        index < end ? bytes[index] : 0
    }

    /// The byte at the read offset, or 0 at the end.
    var current: UInt8 { byte(at: offset) }

    /// Whether the read offset is at the end of input.
    var atEnd: Bool { offset >= end }

    /// The line and column of `index`, which must be on the current line.
    func position(at index: Int) -> SourcePosition {
        var column = 1
        var cursor = lineStart
        let stop = min(index, end)
        while cursor < stop {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// The position of the read offset. Counts columns on from the last position asked for on
    /// the same line, so that long lines cost linear time.
    var here: SourcePosition {
        mutating get {
            if columnOffset < lineStart || columnOffset > offset {
                columnOffset = lineStart
                columnCount = 1
            }
            let stop = min(offset, end)
            while columnOffset + 8 <= stop {
                let word = bytes.loadUnaligned(fromByteOffset: columnOffset, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                columnCount += 8
                columnOffset += 8
            }
            while columnOffset < stop {
                if bytes[columnOffset] & 0xC0 != 0x80 { columnCount += 1 }
                columnOffset += 1
            }
            return SourcePosition(line: line, column: columnCount)
        }
    }

    /// An error at `index` (default: the read offset).
    func error(_ code: ParseError.Code, _ message: String, at index: Int? = nil) -> ParseError {
        ParseError(code, message, at: position(at: index ?? offset))
    }

    /// A description of the byte at the read offset for error messages.
    var describeCurrent: String {
        guard !atEnd else { return "end of input" }
        let value = current
        switch value {
        case 0x0A: return "end of line"
        case 0x0D: return "end of line"
        case UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"),
            UInt8(ascii: " "), 0x09:
            return "'\(Character(Unicode.Scalar(value)))'"
        default:
            // Any other character may start a value written without quotes, a secret's among
            // them: its position is given, never its text.
            return "text"
        }
    }

    /// An error for an unexpected byte (or the end of input) where `expected` was required.
    func unexpected(_ expected: String) -> ParseError {
        if atEnd { return error(.unexpectedEnd, "\(expected), found end of input") }
        return error(.syntax, "\(expected), found \(describeCurrent)")
    }

    /// Skips spaces and tabs.
    mutating func skipWhitespace() {
        while offset < end {
            let value = bytes[offset]
            guard value == 0x20 || value == 0x09 else { return }
            offset += 1
        }
    }

    /// Consumes a newline (LF or CRLF) at the read offset, if any, and advances the line.
    mutating func consumeNewline() -> Bool {
        let value = current
        if value == 0x0A {
            offset += 1
        } else if value == 0x0D && byte(at: offset + 1) == 0x0A {
            offset += 2
        } else {
            return false
        }
        line += 1
        lineStart = offset
        return true
    }

    /// Skips a comment (from `#` to the end of line, not consuming the newline).
    mutating func skipComment() {
        guard current == UInt8(ascii: "#") else { return }
        while offset < end {
            let value = bytes[offset]
            if value == 0x0A || value == 0x0D { return }
            offset += 1
        }
    }

    /// Skips whitespace, comments and newlines, as allowed inside arrays.
    mutating func skipWhitespaceCommentsAndNewlines() {
        while true {
            skipWhitespace()
            skipComment()
            if !consumeNewline() { return }
        }
    }

    /// Requires the end of a line (optionally after whitespace and a comment) or of the input.
    mutating func expectLineEnd(after what: String) throws(ParseError) {
        skipWhitespace()
        skipComment()
        if atEnd || consumeNewline() { return }
        throw error(.syntax, "expected end of line after \(what), found \(describeCurrent)")
    }
}
