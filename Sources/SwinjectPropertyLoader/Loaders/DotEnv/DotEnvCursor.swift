import PropertyFormats

/// A position in `.env` bytes that keeps its line and column as it moves, so that every
/// position costs nothing to report and the whole text is walked once.
///
/// Columns count Unicode scalars: stepping past a byte that starts a scalar (anything but a
/// UTF-8 continuation byte) moves one column. The bytes are valid UTF-8 when the cursor runs
/// (``DotEnvUTF8`` checks first), so every position reported sits at the start of a scalar.
struct DotEnvCursor {
    let bytes: UnsafeRawBufferPointer
    private(set) var index: Int
    private(set) var line = 1
    private(set) var column = 1

    init(_ bytes: UnsafeRawBufferPointer, from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The current byte, or nil at the end.
    @inline(__always)
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte after the current one, or nil.
    @inline(__always)
    var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Steps past the current byte.
    @inline(__always)
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Steps past spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, DotEnvCursor.isBlank(byte) { advance() }
    }

    /// Whether the cursor is at a line end: `\n`, `\r\n`, or the end of the text.
    var isAtLineEnd: Bool {
        guard let byte = current else { return true }
        return byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next == UInt8(ascii: "\n"))
    }

    /// Steps past the rest of the line, its line end included.
    mutating func skipLine() {
        while let byte = current {
            advance()
            if byte == UInt8(ascii: "\n") { return }
        }
    }

    /// Spaces and tabs separate the parts of a line.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// The text of `start..<end`.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The scalar at the cursor for an error message: `'x'`, or `U+0007` for a control character.
    var describedScalar: String {
        guard let byte = current else { return "the end of the file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        if byte < 0x20 || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "'" + text(index, end) + "'"
    }
}

/// Finds the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF).
enum DotEnvUTF8 {
    /// The offset of the first invalid byte, or nil when all of `bytes` is valid UTF-8.
    static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xED:
                length = 3
                high = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF4:
                length = 4
                high = 0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + 1 < count, (low...high).contains(bytes[index + 1]) else { return index }
            var offset = 2
            while offset < length {
                guard index + offset < count, bytes[index + offset] & 0xC0 == 0x80 else { return index }
                offset += 1
            }
            index += length
        }
        return nil
    }
}
