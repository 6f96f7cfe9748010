/// The state of one parse: the input, the read position, and what is needed to turn a byte
/// offset into a line and column in constant time.
///
/// Lines change only in whitespace and comments. `lineContinuations` counts the UTF-8
/// continuation bytes already read on the current line (every scanner that passes a
/// multi-byte sequence adds to it), so the column of the byte at `offset` on the current line
/// is `offset - lineStart - lineContinuations + 1`.
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    let options: JSONParser.Options
    /// The offset of the next byte to read.
    var index = 0
    /// The current 1-based line.
    var line = 1
    /// The offset of the first byte of the current line.
    var lineStart = 0
    /// Continuation bytes read so far on the current line.
    var lineContinuations = 0
    /// Keys read so far, for ``ParseLimits/maxKeys``.
    var keyCount = 0
    /// A reusable buffer for strings with escapes.
    var scratch: [UInt8] = []
    /// Recently read keys, by fingerprint, allocated on the first key.
    var keyCache: KeyCache

    init(bytes: UnsafeRawBufferPointer, options: JSONParser.Options) {
        self.bytes = bytes
        self.end = bytes.count
        self.options = options
        self.keyCache = KeyCache(inputBytes: bytes.count)
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    // MARK: Positions

    /// The position of the byte at `offset`, which must be on the current line and not past
    /// any multi-byte character that has not been read yet.
    @inline(__always)  // Benchmark: json.load.5MB
    func position(at offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: offset - lineStart - lineContinuations + 1)
    }

    /// The position of the next byte to read.
    @inline(__always)  // Benchmark: json.load.5MB
    var currentPosition: SourcePosition { position(at: index) }

    // MARK: Whitespace and comments

    /// Skips spaces, tabs, line breaks and (when allowed) comments.
    @inline(__always)  // Benchmark: json.load.5MB
    mutating func skipWhitespace() throws(ParseError) {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                newLine()
                skipIndentation()
            case 0x2F:  // '/'
                try skipComment()
            default:
                return
            }
        }
    }

    /// Skips the spaces that indent a line, eight at a time.
    @inline(__always)  // Benchmark: json.load.5MB
    mutating func skipIndentation() {
        while end - index >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let others = word ^ 0x2020_2020_2020_2020
            if others != 0 {
                index += others.trailingZeroBitCount >> 3
                return
            }
            index += 8
        }
    }

    @inline(__always)  // Benchmark: json.load.5MB
    mutating func newLine() {
        line += 1
        lineStart = index
        lineContinuations = 0
    }

    /// Skips one comment; `index` is at its `/`.
    mutating func skipComment() throws(ParseError) {
        let start = index
        let startPosition = currentPosition
        let next: UInt8 = start + 1 < end ? bytes[start + 1] : 0
        guard next == 0x2F || next == 0x2A else {
            throw ParseError(.syntax, "unexpected character '/'", at: startPosition)
        }
        guard options.allowsComments else {
            throw ParseError(.syntax, "comments are not allowed", at: startPosition)
        }
        index = start + 2
        if next == 0x2F {
            // Line comment: up to the line break, which is left for skipWhitespace.
            while index < end {
                index = skippingCommentWords(from: index)
                guard index < end else { return }
                let byte = bytes[index]
                if byte == 0x0A { return }
                try skipCommentByte(byte)
            }
            return
        }
        // Block comment.
        while index < end {
            index = skippingCommentWords(from: index)
            guard index < end else { break }
            let byte = bytes[index]
            if byte == 0x2A, index + 1 < end, bytes[index + 1] == 0x2F {
                index += 2
                return
            }
            if byte == 0x0A {
                index += 1
                newLine()
            } else {
                try skipCommentByte(byte)
            }
        }
        throw ParseError(.unexpectedEnd, "unterminated block comment", at: startPosition)
    }

    /// `offset` moved eight bytes at a time past comment text that needs no attention: to the
    /// first byte of a word that does (a line break, a `*`, a NUL or a non-ASCII byte), or to
    /// where fewer than eight bytes are left before `end`.
    @inline(__always)  // Benchmark: json.load.5MB
    private func skippingCommentWords(from offset: Int) -> Int {
        var offset = offset
        while end - offset >= 8 {
            let mask = Self.commentByteMask(
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            if mask != 0 { return offset + (mask.trailingZeroBitCount >> 3) }
            offset += 8
        }
        return offset
    }

    /// A word with the high bit set in each byte (of a little-endian load) that is a line
    /// break, a `*`, a NUL or not ASCII. As in ``specialByteMask(_:)``, only the lowest bit is
    /// sure to be exact, which is the one the scan uses.
    @inline(__always)  // Benchmark: json.load.5MB
    static func commentByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lineBreaks = word ^ (ones &* 0x0A)
        let stars = word ^ (ones &* 0x2A)
        let zeros = (word &- ones) & ~word
        let zeroLineBreaks = (lineBreaks &- ones) & ~lineBreaks
        let zeroStars = (stars &- ones) & ~stars
        return (zeros | zeroLineBreaks | zeroStars | word) & 0x8080_8080_8080_8080
    }

    /// Steps over one character of comment text, checking its encoding.
    @inline(__always)  // Benchmark: json.load.5MB
    private mutating func skipCommentByte(_ byte: UInt8) throws(ParseError) {
        if byte >= 0x80 {
            let length = UTF8Validation.sequenceLength(bytes, at: index, end: end)
            guard length > 0 else { throw invalidUTF8(at: index) }
            index += length
            lineContinuations += length - 1
        } else if byte == 0 {
            throw ParseError(.syntax, "unexpected NUL byte in comment", at: currentPosition)
        } else {
            index += 1
        }
    }

    // MARK: Errors

    /// The error for an invalid UTF-8 sequence starting at `offset`; it names no byte, since
    /// the bytes may be part of a secret value.
    func invalidUTF8(at offset: Int) -> ParseError {
        ParseError(.invalidEncoding, "invalid UTF-8 sequence", at: position(at: offset))
    }

    /// The error for input that ends where more is required.
    func unexpectedEnd() -> ParseError {
        ParseError(.unexpectedEnd, "unexpected end of input", at: position(at: end))
    }

    /// The error for the byte at `index`, which cannot start what is `expected`. Reports the
    /// end of input, bad UTF-8 and NUL bytes as such.
    func unexpected(_ expected: String) -> ParseError {
        guard index < end else { return unexpectedEnd() }
        let byte = bytes[index]
        if byte == 0 {
            return ParseError(.syntax, "unexpected NUL byte", at: currentPosition)
        }
        if byte >= 0x80, UTF8Validation.sequenceLength(bytes, at: index, end: end) == 0 {
            return invalidUTF8(at: index)
        }
        return ParseError(.syntax, expected, at: currentPosition)
    }

    /// A short description of the character at `offset` for error messages. Only JSON's own
    /// punctuation and control characters are quoted: any other character may be the first of a
    /// value written without quotes, a secret's among them, so it is `unquoted text`.
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "/"):
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F:
            return "U+" + hex4(UInt32(byte))
        case 0xEF where offset + 2 < end && bytes[offset + 1] == 0xBB && bytes[offset + 2] == 0xBF:
            return "a byte order mark"
        default:
            return "unquoted text"
        }
    }

    /// `value` as at least four uppercase hex digits.
    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension JSONReader {
    /// Whether the bytes at `index` spell `word`.
    func startsWith(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - index >= count else { return false }
        return word.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
    }
}
