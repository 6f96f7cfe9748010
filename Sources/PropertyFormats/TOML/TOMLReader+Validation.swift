extension TOMLReader {
    /// Checks the whole input once before parsing: it must be UTF-8 without surrogates or
    /// overlong forms, and hold no control characters other than tab, LF and CRLF (TOML forbids
    /// them everywhere, in comments and strings included). Skips a leading byte order mark.
    mutating func validateInput() throws(ParseError) {
        if let encoding = UTF8Validation.detectWideEncoding(UnsafeRawBufferPointer(rebasing: bytes[..<end])) {
            throw ParseError(
                .invalidEncoding, "input is \(encoding); TOML documents must be UTF-8",
                at: SourcePosition(line: 1, column: 1))
        }
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
        var index = offset
        while index < end {
            index = Self.skipPrintableASCIIWords(bytes, from: index, end: end)
            guard index < end else { break }
            let lead = bytes[index]
            if lead >= 0x20 && lead < 0x7F || lead == 0x0A || lead == 0x09 {
                index += 1
                continue
            }
            if lead == 0x0D {
                guard index + 1 < end, bytes[index + 1] == 0x0A else {
                    throw validationError(.invalidCharacter, "carriage return not followed by line feed", at: index)
                }
                index += 2
                continue
            }
            if lead < 0x80 {
                // Not named: the character may be part of a value.
                throw validationError(.invalidCharacter, "control character is not allowed", at: index)
            }
            let length = try sequenceLength(at: index)
            index += length
        }
    }

    /// Skips eight bytes at a time while every byte is printable ASCII (0x20 to 0x7E), a tab or
    /// a line feed; returns the offset of the first word that holds anything else.
    private static func skipPrintableASCIIWords(_ bytes: UnsafeRawBufferPointer, from start: Int, end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // The high bit of each byte that is zero. Exact: no byte carries into the next.
        func zeroBytes(_ word: UInt64) -> UInt64 {
            ~(((word & low) &+ low) | word) & high
        }
        var index = start
        while end - index >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // Bytes whose low seven bits are below 0x20 (a byte with its high bit set stops the
            // skip anyway), less tabs and line feeds; and DEL.
            let control = ~((word & low) &+ ones &* 0x60) & high
            let allowed = zeroBytes(word ^ (ones &* 0x0A)) | zeroBytes(word ^ (ones &* 0x09))
            if (word & high) | (control & ~allowed) | zeroBytes(word ^ (ones &* 0x7F)) != 0 { break }
            index += 8
        }
        return index
    }

    /// The length of the UTF-8 sequence starting at `index` with a non-ASCII lead byte.
    private func sequenceLength(at index: Int) throws(ParseError) -> Int {
        let length = UTF8Validation.sequenceLength(bytes, at: index, end: end)
        guard length == 0 else { return length }
        let lead = bytes[index]
        // No byte is named: it may be part of a value.
        if lead < 0xC2 || lead > 0xF4 {
            throw validationError(.invalidEncoding, "invalid UTF-8 sequence", at: index)
        }
        let expected = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if index + expected > end {
            throw validationError(.invalidEncoding, "truncated UTF-8 sequence", at: index)
        }
        throw validationError(.invalidEncoding, "invalid UTF-8 sequence", at: index)
    }

    /// An error at any offset: counts lines from the start of the text, past a byte order mark
    /// (only done once, on failure).
    private func validationError(_ code: ParseError.Code, _ message: String, at index: Int) -> ParseError {
        ParseError(code, message, at: SourcePosition(ofByte: index, in: bytes, from: lineStart == 3 ? 3 : 0))
    }
}
