extension TOMLReader {
    /// Checks the whole input once before parsing: it must be UTF-8 without surrogates or
    /// overlong forms, and hold no control characters other than tab, LF and CRLF (TOML forbids
    /// them everywhere, in comments and strings included). Skips a leading byte order mark.
    mutating func validateInput() throws(ParseError) {
        if let encoding = UTF8Validation.detectWideEncoding(bytes) {
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
                let name = lead == 0 ? "NUL" : lead == 0x7F ? "DEL" : "U+\(hex(lead, width: 4))"
                throw validationError(.invalidCharacter, "control character \(name) is not allowed", at: index)
            }
            let length = try sequenceLength(at: index)
            index += length
        }
    }

    /// The length of the UTF-8 sequence starting at `index` with a non-ASCII lead byte.
    private func sequenceLength(at index: Int) throws(ParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default:
            throw validationError(.invalidEncoding, "invalid UTF-8 byte 0x\(hex(lead, width: 2))", at: index)
        }
        guard index + length <= end else {
            throw validationError(.invalidEncoding, "truncated UTF-8 sequence", at: index)
        }
        let second = bytes[index + 1]
        guard second >= low && second <= high else {
            throw validationError(.invalidEncoding, "invalid UTF-8 sequence", at: index)
        }
        var cursor = index + 2
        while cursor < index + length {
            guard bytes[cursor] & 0xC0 == 0x80 else {
                throw validationError(.invalidEncoding, "invalid UTF-8 sequence", at: index)
            }
            cursor += 1
        }
        return length
    }

    /// An error at any offset: counts lines from the start (only done once, on failure).
    private func validationError(_ code: ParseError.Code, _ message: String, at index: Int) -> ParseError {
        var line = 1
        var column = 1
        var cursor = lineStart == 3 && line == 1 ? 3 : 0
        while cursor < index {
            let value = bytes[cursor]
            if value == 0x0A {
                line += 1
                column = 1
            } else if value & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
        return ParseError(code, message, at: SourcePosition(line: line, column: column))
    }

    private func hex(_ value: UInt8, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
