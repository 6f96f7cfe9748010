extension JSONReader {
    /// Reads a string; `index` is at its opening quote and ends up after its closing quote.
    ///
    /// Strings without escapes (the common case) are checked in one pass and copied once;
    /// the first backslash switches to a path that unescapes into the new string's storage
    /// (``readEscapedStringInPlace(from:)``), and a string that is not well formed is read
    /// again into ``scratch`` by the path that names the problem.
    mutating func readString(at position: SourcePosition) throws(ParseError) -> String {
        let start = index + 1
        guard let close = try scanPlainString(at: position) else {
            if let string = readEscapedStringInPlace(from: start) { return string }
            return try readEscapedString(from: start, position)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<close]), as: UTF8.self)
    }

    /// Reads an object key. Keys repeat (arrays of similar objects), so escape-free keys are
    /// looked up in ``keyCache`` before a new `String` is made.
    mutating func readKeyString(at position: SourcePosition) throws(ParseError) -> TableKey {
        let start = index + 1
        guard let close = try scanPlainString(at: position) else {
            if let string = readEscapedStringInPlace(from: start) { return TableKey(string) }
            return TableKey(try readEscapedString(from: start, position))
        }
        return keyCache.key(UnsafeRawBufferPointer(rebasing: bytes[start..<close]))
    }

    /// Checks a string from its opening quote at `index`. Returns the offset of the closing
    /// quote, with `index` after it, when the string has no escapes; returns nil with `index`
    /// at the first backslash otherwise.
    @inline(__always)  // Benchmark: json.load.5MB
    private mutating func scanPlainString(at position: SourcePosition) throws(ParseError) -> Int? {
        let start = index + 1
        var offset = start
        while offset < end {
            offset = skippingPlainWords(from: offset)
            guard offset < end else { break }
            let byte = bytes[offset]
            if byte >= 0x20, byte != 0x22, byte != 0x5C, byte < 0x80 {
                offset += 1
                continue
            }
            if byte == 0x22 {
                index = offset + 1
                try checkLength(offset - start, position)
                return offset
            }
            index = offset
            if byte == 0x5C { return nil }
            if byte < 0x20 { throw controlCharacter(byte) }
            try skipMultiByteCharacter()
            offset = index
        }
        throw ParseError(.unexpectedEnd, "unterminated string", at: position)
    }

    /// `offset` moved eight bytes at a time past bytes that need no attention: to the first byte
    /// of a word that does (a quote, a backslash, a control or non-ASCII byte), or to where fewer
    /// than eight bytes are left before `end`.
    @inline(__always)  // Benchmark: json.load.5MB
    func skippingPlainWords(from offset: Int) -> Int {
        var offset = offset
        while end - offset >= 8 {
            let mask = Self.specialByteMask(
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            if mask != 0 { return offset + (mask.trailingZeroBitCount >> 3) }
            offset += 8
        }
        return offset
    }

    /// A word with the high bit set in each byte (of a little-endian load) that is a quote, a
    /// backslash, a control character or not ASCII. Bits above the lowest one may be false
    /// positives (borrows propagate upwards); the lowest one is always exact.
    @inline(__always)  // Benchmark: json.load.5MB
    static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let controls = (word &- ones &* 0x20) & ~word
        let zeroQuotes = (quotes &- ones) & ~quotes
        let zeroBackslashes = (backslashes &- ones) & ~backslashes
        return (controls | zeroQuotes | zeroBackslashes | word) & highBits
    }

    /// The rest of a string that contains escapes: bytes from `start` up to `index` (a
    /// backslash) are plain text.
    private mutating func readEscapedString(from start: Int, _ position: SourcePosition) throws(ParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                try checkLength(scratch.count, position)
                return String(decoding: scratch, as: UTF8.self)
            case 0x5C:
                try readEscape()
            case 0..<0x20:
                throw controlCharacter(byte)
            case 0x80...:
                let first = index
                try skipMultiByteCharacter()
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[first..<index]))
            default:
                // A run of plain bytes up to the next quote, backslash, control or non-ASCII
                // byte, copied at once (the lowest bit of the mask is exact).
                var runEnd = skippingPlainWords(from: index + 1)
                while runEnd < end, bytes[runEnd] >= 0x20, bytes[runEnd] < 0x80, bytes[runEnd] != 0x22,
                    bytes[runEnd] != 0x5C
                {
                    runEnd += 1
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<runEnd]))
                index = runEnd
            }
            if scratch.count > options.limits.maxStringBytes { try checkLength(scratch.count, position) }
        }
        throw ParseError(.unexpectedEnd, "unterminated string", at: position)
    }

    /// Reads one escape sequence into ``scratch``; `index` is at its backslash.
    private mutating func readEscape() throws(ParseError) {
        let escapePosition = currentPosition
        guard index + 1 < end else { throw ParseError(.unexpectedEnd, "unterminated string", at: escapePosition) }
        let letter = bytes[index + 1]
        let replacement: UInt8
        switch letter {
        case 0x22, 0x5C, 0x2F: replacement = letter  // \" \\ \/
        case 0x62: replacement = 0x08  // \b
        case 0x66: replacement = 0x0C  // \f
        case 0x6E: replacement = 0x0A  // \n
        case 0x72: replacement = 0x0D  // \r
        case 0x74: replacement = 0x09  // \t
        case 0x75:  // \u
            try readUnicodeEscape(escapePosition)
            return
        default:
            if letter >= 0x80, UTF8Validation.sequenceLength(bytes, at: index + 1, end: end) == 0 {
                throw invalidUTF8(at: index + 1)
            }
            // What follows the backslash is part of the value, which may be a secret: the message
            // says what was expected, never what was found.
            throw ParseError(
                .invalidEscape, #"invalid escape: expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#, at: escapePosition)
        }
        scratch.append(replacement)
        index += 2
    }

    /// Reads `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, into ``scratch``.
    private mutating func readUnicodeEscape(_ escapePosition: SourcePosition) throws(ParseError) {
        let first = try hexQuad(at: index + 2, escapePosition)
        index += 6
        switch first {
        case 0xD800...0xDBFF:
            guard index + 1 < end, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
                throw loneSurrogate(escapePosition)
            }
            let second = try hexQuad(at: index + 2, currentPosition)
            guard (0xDC00...0xDFFF).contains(second) else { throw loneSurrogate(escapePosition) }
            index += 6
            let scalar = 0x1_0000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            UTF8Validation.append(scalar, to: &scratch)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(escapePosition)
        default:
            UTF8Validation.append(first, to: &scratch)
        }
    }

    /// The value of the four hex digits at `offset`.
    private func hexQuad(at offset: Int, _ escapePosition: SourcePosition) throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        for digitOffset in offset..<offset + 4 {
            guard digitOffset < end else {
                throw ParseError(.unexpectedEnd, "unterminated string", at: escapePosition)
            }
            guard let digit = Self.hexDigit(bytes[digitOffset]) else {
                throw ParseError(
                    .invalidEscape,
                    "invalid escape: '\\u' must be followed by four hex digits",
                    at: escapePosition
                )
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of one hex digit, either case, or nil.
    @inline(__always)  // Benchmark: json.load.5MB
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private func loneSurrogate(_ position: SourcePosition) -> ParseError {
        ParseError(.invalidEscape, "invalid escape: a UTF-16 surrogate must be part of a pair", at: position)
    }

    /// Steps over one multi-byte UTF-8 character at `index`, or throws if it is malformed.
    @inline(__always)  // Benchmark: json.load.5MB
    private mutating func skipMultiByteCharacter() throws(ParseError) {
        let length = UTF8Validation.sequenceLength(bytes, at: index, end: end)
        guard length > 0 else { throw invalidUTF8(at: index) }
        index += length
        lineContinuations += length - 1
    }

    /// The error for a control character in a string; which one is not named, since it is part
    /// of a value.
    private func controlCharacter(_ byte: UInt8) -> ParseError {
        ParseError(.invalidCharacter, "control character in string; escape it", at: currentPosition)
    }

    @inline(__always)  // Benchmark: json.load.5MB
    private func checkLength(_ length: Int, _ position: SourcePosition) throws(ParseError) {
        let limit = options.limits.maxStringBytes
        if length > limit {
            throw ParseError(.stringTooLong, "string is longer than the limit of \(limit) bytes", at: position)
        }
    }
}
