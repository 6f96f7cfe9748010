import PropertyFormats

/// Errors inside a value name the key and the position, never a character of the value, which
/// may be a secret.
extension DotEnvParser {
    /// An unquoted value: the rest of the line, cut before the first ` #`, without trailing
    /// white space. Backslashes and quotes inside it are plain characters; `$` interpolates.
    mutating func unquotedValue(of key: String) throws(ParseError) -> String {
        let position = cursor.position
        let start = cursor.index
        var end: Int?
        dollars.removeAll(keepingCapacity: true)
        var sawDollar = false
        while let byte = cursor.current, byte != UInt8(ascii: "\n") {
            if end == nil {
                if byte == UInt8(ascii: "#"), cursor.index > start, cursor.bytes[cursor.index - 1] == 0x20 {
                    end = cursor.index - 1
                } else if byte == UInt8(ascii: "$") {
                    sawDollar = true
                    dollars.append((cursor.index - start, cursor.position))
                }
            }
            cursor.advance()
        }
        let trimmed = cursor.endTrimmingWhiteSpace(start, end ?? cursor.index)
        guard trimmed - start <= limits.maxStringBytes else { throw tooLong(key, at: position) }
        guard interpolates, sawDollar else { return cursor.text(start, trimmed) }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<trimmed]))
        return try interpolated(of: key)
    }

    /// A value in single quotes (every character as written, but `\'` is a quote) or double
    /// quotes (escapes, then interpolation). The value may span lines and keeps its line ends
    /// as written.
    mutating func quotedValue(of key: String, escapes: Bool) throws(ParseError) -> String {
        let position = cursor.position
        guard let quote = cursor.current else { return "" }
        cursor.advance()
        buffer.removeAll(keepingCapacity: true)
        dollars.removeAll(keepingCapacity: true)
        while true {
            guard let byte = cursor.current else { throw unterminated(key, escapes: escapes, at: position) }
            if byte == quote {
                cursor.advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                try appendEscape(quote: quote, escapes: escapes, of: key, opening: position)
            } else {
                if byte == UInt8(ascii: "$") { dollars.append((buffer.count, cursor.position)) }
                buffer.append(byte)
                cursor.advance()
            }
            guard buffer.count <= limits.maxStringBytes else { throw tooLong(key, at: position) }
        }
        guard escapes, interpolates, !dollars.isEmpty else { return String(decoding: buffer, as: UTF8.self) }
        return try interpolated(of: key)
    }

    /// Reads the escape at the cursor (a backslash) into `buffer`. In either quote, `\` and the
    /// quote is the quote; in single quotes every other backslash is kept as written. In double
    /// quotes `\a \b \f \n \r \t \v \\` are their characters, `\0` and three octal digits is
    /// that byte, `\$` is a `$` that does not interpolate, and any other backslash is kept.
    private mutating func appendEscape(quote: UInt8, escapes: Bool, of key: String, opening: SourcePosition)
        throws(ParseError)
    {
        let position = cursor.position
        cursor.advance()
        guard let byte = cursor.current else { throw unterminated(key, escapes: escapes, at: opening) }
        if byte == quote {
            buffer.append(byte)
            cursor.advance()
            return
        }
        guard escapes else {
            // Kept as written; the next byte is not an escape, even when it is a backslash.
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(byte)
            cursor.advance()
            return
        }
        let replacement: UInt8
        switch byte {
        case UInt8(ascii: "a"): replacement = 0x07
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "v"): replacement = 0x0B
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "$"):
            // `$$` is how an interpolated value spells a plain `$`.
            if interpolates {
                dollars.append((buffer.count, position))
                buffer.append(UInt8(ascii: "$"))
            }
            dollars.append((buffer.count, position))
            replacement = UInt8(ascii: "$")
        case UInt8(ascii: "0"):
            appendOctalEscape(at: position)
            return
        default:
            // Not an escape: the backslash stays, and the byte is read as any other.
            buffer.append(UInt8(ascii: "\\"))
            return
        }
        buffer.append(replacement)
        cursor.advance()
    }

    /// `\0` and up to three digits, the cursor at the `0`: three octal digits of at most 0o377
    /// are that byte; otherwise the `0` is dropped and the backslash and digits stay.
    private mutating func appendOctalEscape(at position: SourcePosition) {
        cursor.advance()
        var digits: [UInt8] = []
        while digits.count < 3, let byte = cursor.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            digits.append(byte)
            cursor.advance()
        }
        var value = 0
        for digit in digits { value = value * 8 + Int(digit - UInt8(ascii: "0")) }
        if digits.count == 3, digits.allSatisfy({ $0 <= UInt8(ascii: "7") }), value <= 0xFF {
            if value == Int(UInt8(ascii: "$")) { dollars.append((buffer.count, position)) }
            buffer.append(UInt8(value))
        } else {
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(contentsOf: digits)
        }
    }

    /// The error for a quoted value of `key`, opened at `position`, that the file ends inside;
    /// `escapes` tells a double-quoted value from a single-quoted one.
    func unterminated(_ key: String, escapes: Bool, at position: SourcePosition) -> ParseError {
        ParseError(
            .unexpectedEnd,
            "unterminated \(escapes ? "double" : "single")-quoted value of '\(key)': no closing \(escapes ? "'\"'" : "\"'\"") before the end of the file",
            at: position)
    }

    func tooLong(_ key: String, at position: SourcePosition) -> ParseError {
        ParseError(
            .stringTooLong, "the value of '\(key)' is longer than the limit of \(limits.maxStringBytes) bytes",
            at: position)
    }
}
