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
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte after the current one, or nil.
    var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Steps past the current byte.
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

    /// The scalar at the cursor and its length in bytes, or nil at the end. The bytes are valid
    /// UTF-8, so the lead byte gives the length.
    var scalar: (value: UInt32, length: Int)? {
        guard index < bytes.count else { return nil }
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }

    /// Steps past the scalar at the cursor.
    mutating func advance(scalarOf length: Int) {
        for _ in 0..<length { advance() }
    }

    /// Steps past the blanks that separate the parts of a line (``isBlank(_:)``).
    mutating func skipBlanks() {
        while let (value, length) = scalar, Self.isBlank(value) { advance(scalarOf: length) }
    }

    /// Steps past white space, line ends included (``isWhiteSpace(_:)``).
    mutating func skipWhiteSpace() {
        while let (value, length) = scalar, Self.isWhiteSpace(value) { advance(scalarOf: length) }
    }

    /// Steps to the next `\n`, or to the end, without passing it.
    mutating func skipToLineEnd() {
        while let byte = current, byte != UInt8(ascii: "\n") { advance() }
    }

    /// The blanks of a line as docker compose reads them: space, tab, vertical tab, form feed,
    /// carriage return, U+0085 and U+00A0. A line ends only at `\n`.
    static func isBlank(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0: return true
        default: return false
        }
    }

    /// Unicode white space (the `White_Space` property): the blanks, `\n`, and the spaces of
    /// other scripts. Statements start after it and unquoted values lose it at their end.
    static func isWhiteSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return isBlank(scalar)
        }
    }

    /// Letters and numbers of any script (Unicode categories L and N), as a name may hold.
    static func isLetterOrNumber(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default:
            guard let unicode = Unicode.Scalar(scalar) else { return false }
            switch unicode.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                return false
            }
        }
    }

    /// The offset where `start..<end` ends once trailing white space is removed.
    func endTrimmingWhiteSpace(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start {
            var lead = end - 1
            while lead > start, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
            let cursor = DotEnvCursor(bytes, from: lead)
            guard let (value, _) = cursor.scalar, Self.isWhiteSpace(value) else { return end }
            end = lead
        }
        return end
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
