import PropertyFormats

/// One assignment of a `.env` text: the key as written, the value after quotes and escapes,
/// and where the value starts.
struct DotEnvEntry: Sendable {
    var key: String
    var value: String
    var position: SourcePosition
    var keyPosition: SourcePosition
}

/// Reads the `.env` dialect docker compose reads, in one pass over the UTF-8 bytes with no
/// recursion (the rules are in the DotEnvFiles article):
///
/// ```
/// file   = { line }
/// line   = blank* [ [ "export" blank+ ] key blank* "=" blank* value ] blank* [ "#" comment ] EOL
/// key    = ( letter | digit | "_" | "." | "-" )+
/// value  = "'" literal "'" | '"' escaped '"' | unquoted
/// ```
///
/// Quoted values may span lines; an unquoted value ends at the line end or at a `#` that
/// follows a blank. Every failure is a `ParseError` at the line:column of its cause.
struct DotEnvParser {
    var cursor: DotEnvCursor
    let limits: ParseLimits
    var entries: [DotEnvEntry] = []
    /// Bytes of the quoted value being read.
    var buffer: [UInt8] = []

    /// The assignments of `bytes`, in order.
    static func parse(_ bytes: UnsafeRawBufferPointer, limits: ParseLimits) throws(ParseError) -> [DotEnvEntry] {
        if let invalid = DotEnvUTF8.firstInvalidOffset(bytes) {
            var cursor = DotEnvCursor(bytes)
            while cursor.index < invalid { cursor.advance() }
            // The byte is not named: it may be part of a secret value.
            throw ParseError(
                .invalidEncoding, "invalid UTF-8: the byte here does not start a well-formed sequence",
                at: cursor.position)
        }
        // A byte order mark is not part of the first key, and editors show no column for it.
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var parser = DotEnvParser(cursor: DotEnvCursor(bytes, from: hasByteOrderMark ? 3 : 0), limits: limits)
        try parser.parseLines()
        return parser.entries
    }

    private mutating func parseLines() throws(ParseError) {
        while true {
            cursor.skipBlanks()
            guard let byte = cursor.current else { return }
            if byte == UInt8(ascii: "#") || cursor.isAtLineEnd {
                cursor.skipLine()
                continue
            }
            if byte == UInt8(ascii: "\r") {
                // A carriage return without a line feed separates like a blank.
                cursor.advance()
                continue
            }
            try parseAssignment()
        }
    }

    /// `[export] key = value [# comment]`, from the first non-blank byte of a line to the start
    /// of the next line.
    private mutating func parseAssignment() throws(ParseError) {
        var keyPosition = cursor.position
        var keyStart = cursor.index
        var keyEnd = scanKey()
        if cursor.text(keyStart, keyEnd) == "export", let byte = cursor.current, DotEnvCursor.isBlank(byte) {
            // `export KEY=…` as in a shell script; `export = 1` assigns the key `export`.
            cursor.skipBlanks()
            if cursor.current != UInt8(ascii: "=") {
                keyPosition = cursor.position
                keyStart = cursor.index
                keyEnd = scanKey()
            }
        }
        let key = try checkedKey(start: keyStart, end: keyEnd)
        cursor.skipBlanks()
        guard cursor.current == UInt8(ascii: "=") else {
            if cursor.isAtLineEnd || cursor.current == UInt8(ascii: "#") {
                throw ParseError(.syntax, "missing '=' after the key '\(key)'", at: cursor.position)
            }
            throw ParseError(
                .syntax, "expected '=' after the key '\(key)', found \(cursor.describedScalar)", at: cursor.position)
        }
        guard entries.count < limits.maxKeys else {
            throw ParseError(.tooManyKeys, "more than the limit of \(limits.maxKeys) keys", at: keyPosition)
        }
        cursor.advance()
        cursor.skipBlanks()
        let valuePosition = cursor.position
        let value: String
        switch cursor.current {
        case UInt8(ascii: "'"): value = try quotedValue(of: key, escapes: false)
        case UInt8(ascii: "\""): value = try quotedValue(of: key, escapes: true)
        default: value = try unquotedValue(of: key)
        }
        entries.append(DotEnvEntry(key: key, value: value, position: valuePosition, keyPosition: keyPosition))
    }

    /// Steps past the key characters at the cursor and returns where they end.
    private mutating func scanKey() -> Int {
        while let byte = cursor.current, Self.isKeyByte(byte) { cursor.advance() }
        return cursor.index
    }

    /// The key `start..<end`, after checking that it is one, at the cursor (just after it).
    private func checkedKey(start: Int, end: Int) throws(ParseError) -> String {
        if start == end {
            let found = cursor.current == UInt8(ascii: "=") ? "'='" : cursor.describedScalar
            throw ParseError(
                .syntax, "expected a key (letters, digits, '_', '.' or '-'), found \(found)", at: cursor.position)
        }
        let key = cursor.text(start, end)
        if let byte = cursor.current, !DotEnvCursor.isBlank(byte), byte != UInt8(ascii: "="), !cursor.isAtLineEnd {
            throw ParseError(
                .syntax,
                "invalid character \(cursor.describedScalar) in the key '\(key)'; a key has letters, digits, '_', '.' and '-'",
                at: cursor.position)
        }
        guard end - start <= limits.maxStringBytes else {
            var position = cursor.position
            position.column -= end - start
            throw ParseError(
                .stringTooLong, "a key is longer than the limit of \(limits.maxStringBytes) bytes", at: position)
        }
        if let problem = TextSourceKey.problem(in: key) {
            var position = cursor.position
            position.column -= end - start
            throw ParseError(.syntax, "invalid key '\(key)': \(problem)", at: position)
        }
        return key
    }

    /// Letters, digits, `_`, `.` and `-`, as docker compose allows in a name (ASCII only).
    @inline(__always)
    static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
