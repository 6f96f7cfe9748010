extension TOMLReader {
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")

    /// Reads a basic string `"..."` or a multi-line basic string `"""..."""`.
    mutating func parseBasicString() throws(ParseError) -> String {
        if byte(at: offset + 1) == Self.quote && byte(at: offset + 2) == Self.quote {
            return try parseMultilineString(delimiter: Self.quote)
        }
        let start = offset
        offset += 1
        var buffer: [UInt8] = []
        var hasEscapes = false
        var runStart = offset
        while true {
            guard offset < end else { throw error(.unexpectedEnd, "unterminated string", at: start) }
            let value = bytes[offset]
            if value == Self.quote { break }
            if value == Self.backslash {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
                hasEscapes = true
                try appendEscape(to: &buffer)
                runStart = offset
                continue
            }
            if value == 0x0A || value == 0x0D {
                throw error(.syntax, "unterminated string: a basic string cannot span lines (use \"\"\")")
            }
            offset += 1
        }
        defer { offset += 1 }
        if !hasEscapes { return try makeString(runStart..<offset, start: start) }
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
        return try makeString(buffer, start: start)
    }

    /// Reads a literal string `'...'` or a multi-line literal string `'''...'''`.
    mutating func parseLiteralString() throws(ParseError) -> String {
        if byte(at: offset + 1) == Self.apostrophe && byte(at: offset + 2) == Self.apostrophe {
            return try parseMultilineString(delimiter: Self.apostrophe)
        }
        let start = offset
        offset += 1
        let contentStart = offset
        while true {
            guard offset < end else { throw error(.unexpectedEnd, "unterminated string", at: start) }
            let value = bytes[offset]
            if value == Self.apostrophe { break }
            if value == 0x0A || value == 0x0D {
                throw error(.syntax, "unterminated string: a literal string cannot span lines (use ''')")
            }
            offset += 1
        }
        defer { offset += 1 }
        return try makeString(contentStart..<offset, start: start)
    }

    /// Reads a multi-line string opened by three `delimiter`s; basic ones process escapes.
    private mutating func parseMultilineString(delimiter: UInt8) throws(ParseError) -> String {
        let startPosition = here
        let isBasic = delimiter == Self.quote
        offset += 3
        _ = consumeNewline()
        var buffer: [UInt8] = []
        var runStart = offset
        while true {
            guard offset < end else {
                throw ParseError(.unexpectedEnd, "unterminated multi-line string", at: startPosition)
            }
            let value = bytes[offset]
            if value == delimiter {
                var count = 1
                while byte(at: offset + count) == delimiter { count += 1 }
                if count < 3 {
                    offset += count
                    continue
                }
                guard count <= 5 else {
                    throw error(.syntax, "too many quotes at the end of a multi-line string", at: offset + 5)
                }
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<(offset + count - 3)]))
                offset += count
                break
            }
            if value == 0x0A || value == 0x0D {
                _ = consumeNewline()
                continue
            }
            if isBasic && value == Self.backslash {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
                if !skipLineEndingBackslash() { try appendEscape(to: &buffer) }
                runStart = offset
                continue
            }
            offset += 1
        }
        guard buffer.count <= limits.maxStringBytes else {
            throw ParseError(
                .stringTooLong, "string longer than \(limits.maxStringBytes) bytes", at: startPosition)
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// At a backslash followed by optional spaces and a newline: skips it and all whitespace
    /// and newlines after it. Returns false (consuming nothing) for any other backslash.
    private mutating func skipLineEndingBackslash() -> Bool {
        var cursor = offset + 1
        while byte(at: cursor) == 0x20 || byte(at: cursor) == 0x09 { cursor += 1 }
        let next = byte(at: cursor)
        guard next == 0x0A || next == 0x0D else { return false }
        offset = cursor
        while true {
            skipWhitespace()
            if !consumeNewline() { return true }
        }
    }

    /// Reads the escape at the read offset (a backslash) and appends its UTF-8 bytes.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(ParseError) {
        let start = offset
        let letter = byte(at: offset + 1)
        offset += 2
        switch letter {
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "e") where isV11: buffer.append(0x1B)
        case UInt8(ascii: "x") where isV11: try appendUnicodeEscape(digits: 2, letter: "x", start: start, to: &buffer)
        case UInt8(ascii: "u"): try appendUnicodeEscape(digits: 4, letter: "u", start: start, to: &buffer)
        case UInt8(ascii: "U"): try appendUnicodeEscape(digits: 8, letter: "U", start: start, to: &buffer)
        default:
            offset = start + 1
            // What follows the backslash is part of the value, which may be a secret: the message
            // says what was expected, never what was found.
            let expected =
                isV11 ? #"\b \t \n \f \r \e \" \\ \xXX \uXXXX \UXXXXXXXX"# : #"\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX"#
            throw error(.invalidEscape, "invalid escape: expected one of \(expected)", at: start)
        }
    }

    /// Reads `digits` hex digits after `\u`, `\U` or `\x` and appends the scalar they name.
    private mutating func appendUnicodeEscape(
        digits: Int, letter: String, start: Int, to buffer: inout [UInt8]
    ) throws(ParseError) {
        var code: UInt32 = 0
        for _ in 0..<digits {
            let value = current
            let digit: UInt8
            switch value {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = value - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = value - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = value - UInt8(ascii: "A") + 10
            default:
                throw error(.invalidEscape, "expected \(digits) hex digits after '\\\(letter)'", at: start)
            }
            code = code << 4 | UInt32(digit)
            offset += 1
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw error(
                .invalidEscape, "invalid escape: expected a Unicode scalar value (not a surrogate, at most 10FFFF)",
                at: start)
        }
        UTF8.encode(scalar) { buffer.append($0) }
    }

    /// A string from input bytes, checked against the string length limit.
    private func makeString(_ range: Range<Int>, start: Int) throws(ParseError) -> String {
        guard range.count <= limits.maxStringBytes else {
            throw error(.stringTooLong, "string longer than \(limits.maxStringBytes) bytes", at: start)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A string from unescaped bytes, checked against the string length limit.
    private func makeString(_ buffer: [UInt8], start: Int) throws(ParseError) -> String {
        guard buffer.count <= limits.maxStringBytes else {
            throw error(.stringTooLong, "string longer than \(limits.maxStringBytes) bytes", at: start)
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}
