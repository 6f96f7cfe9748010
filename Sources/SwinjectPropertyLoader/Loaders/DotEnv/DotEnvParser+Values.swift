import PropertyFormats

/// Errors inside a value name the key and the position, never a character of the value, which
/// may be a secret.
extension DotEnvParser {
    /// An unquoted value: the rest of the line up to a `#` that follows a blank, without
    /// trailing blanks. Backslashes and quotes inside it are plain characters.
    mutating func unquotedValue(of key: String) throws(ParseError) -> String {
        let position = cursor.position
        let start = cursor.index
        var end = start
        while !cursor.isAtLineEnd, let byte = cursor.current {
            if byte == UInt8(ascii: "#"), cursor.index > 0, DotEnvCursor.isBlank(cursor.bytes[cursor.index - 1]) {
                break
            }
            cursor.advance()
            if !DotEnvCursor.isBlank(byte) { end = cursor.index }
        }
        cursor.skipLine()
        guard end - start <= limits.maxStringBytes else { throw tooLong(key, at: position) }
        return cursor.text(start, end)
    }

    /// A value in single quotes (`escapes == false`: every character as written) or double
    /// quotes (`\n`, `\t`, `\r`, `\\`, `\"` and `\$` are escapes; any other is an error). The
    /// value may span lines; `\r\n` inside it reads as `\n`.
    mutating func quotedValue(of key: String, escapes: Bool) throws(ParseError) -> String {
        let position = cursor.position
        guard let quote = cursor.current else { return "" }
        let kind = escapes ? "double-quoted" : "single-quoted"
        cursor.advance()
        buffer.removeAll(keepingCapacity: true)
        while true {
            guard let byte = cursor.current else {
                throw ParseError(
                    .unexpectedEnd,
                    "unterminated \(kind) value of '\(key)': no closing \(escapes ? "'\"'" : "\"'\"") before the end of the file",
                    at: position)
            }
            if byte == quote {
                cursor.advance()
                break
            }
            if byte == UInt8(ascii: "\r"), cursor.next == UInt8(ascii: "\n") {
                cursor.advance()
                continue
            }
            if escapes, byte == UInt8(ascii: "\\") {
                try appendEscape(of: key, opening: position)
            } else {
                buffer.append(byte)
                cursor.advance()
            }
            guard buffer.count <= limits.maxStringBytes else { throw tooLong(key, at: position) }
        }
        cursor.skipBlanks()
        if !cursor.isAtLineEnd, cursor.current != UInt8(ascii: "#") {
            throw ParseError(
                .syntax, "unexpected text after the closing quote of '\(key)'; only a comment may follow",
                at: cursor.position)
        }
        cursor.skipLine()
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads the escape at the cursor (a backslash) into `buffer`.
    private mutating func appendEscape(of key: String, opening: SourcePosition) throws(ParseError) {
        let position = cursor.position
        cursor.advance()
        let replacement: UInt8
        switch cursor.current {
        case UInt8(ascii: "n"): replacement = UInt8(ascii: "\n")
        case UInt8(ascii: "t"): replacement = UInt8(ascii: "\t")
        case UInt8(ascii: "r"): replacement = UInt8(ascii: "\r")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "$"): replacement = UInt8(ascii: "$")
        case nil:
            throw ParseError(
                .unexpectedEnd,
                "unterminated double-quoted value of '\(key)': no closing '\"' before the end of the file",
                at: opening)
        default:
            throw ParseError(
                .invalidEscape,
                "invalid escape in the value of '\(key)'; use \\n, \\t, \\r, \\\\, \\\" or \\$, or single quotes",
                at: position)
        }
        buffer.append(replacement)
        cursor.advance()
    }

    private func tooLong(_ key: String, at position: SourcePosition) -> ParseError {
        ParseError(
            .stringTooLong, "the value of '\(key)' is longer than the limit of \(limits.maxStringBytes) bytes",
            at: position)
    }
}
