import PropertyFormats

/// One assignment of a `.env` text: the name as written, the value after quotes, escapes and
/// interpolation, and where the value starts.
struct DotEnvEntry: Sendable {
    var key: String
    var value: String
    var position: SourcePosition
    var keyPosition: SourcePosition
}

/// Why a `.env` text failed: the parse error, and whether it is a `${NAME:?…}` or
/// `${NAME?…}` whose variable is missing rather than malformed text.
struct DotEnvFailure: Error {
    var error: ParseError
    var isMissingVariable = false
}

/// Reads the `.env` dialect docker compose reads, in one pass over the UTF-8 bytes (the rules
/// are in the DotEnvFiles article):
///
/// ```
/// file      = { space | comment | statement }
/// statement = [ "export" ascii-space+ ] name ( "\n" | ( "=" | ":" ) blank* value )
/// name      = ( letter | number | "_" | "." | "-" | "[" | "]" | blank )*
/// value     = "'" single "'" | '"' double '"' | unquoted up to "\n", cut at " #"
/// ```
///
/// A statement may follow a closing quote on the same line. A name alone on its line takes its
/// value from the variables, when they hold it. Every failure is a `ParseError` at the
/// line:column of its cause.
struct DotEnvParser {
    var cursor: DotEnvCursor
    let limits: ParseLimits
    /// Whether `$NAME` and `${NAME…}` are replaced in unquoted and double-quoted values.
    let interpolates: Bool
    /// The variables a name alone on a line and an interpolation read.
    var variables: DotEnvVariables
    var entries: [DotEnvEntry] = []
    /// The line a quoted value ended on, and its key. Text after the closing quote may be the
    /// rest of a value that holds a quote (`PASSWORD="ab"cd`), so an error in a statement that
    /// starts on that line names the key of the value, never the statement's name or text.
    var quotedValueEnd: (line: Int, key: String)?
    /// The bytes of the value being read, before interpolation.
    var buffer: [UInt8] = []
    /// Where each `$` of `buffer` was written, for errors inside an interpolation.
    var dollars: [(offset: Int, position: SourcePosition)] = []
    /// Bytes interpolations have inserted so far; at most `limits.maxInputBytes`.
    var insertedBytes = 0

    /// The assignments of `bytes`, in order.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, limits: ParseLimits, interpolates: Bool, variables: DotEnvVariables
    ) throws(DotEnvFailure) -> [DotEnvEntry] {
        if let invalid = DotEnvUTF8.firstInvalidOffset(bytes) {
            var cursor = DotEnvCursor(bytes)
            while cursor.index < invalid { cursor.advance() }
            // The byte is not named: it may be part of a secret value.
            throw DotEnvFailure(
                error: ParseError(
                    .invalidEncoding, "invalid UTF-8: the byte here does not start a well-formed sequence",
                    at: cursor.position))
        }
        // A byte order mark is not part of the first name, and editors show no column for it.
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var parser = DotEnvParser(
            cursor: DotEnvCursor(bytes, from: hasByteOrderMark ? 3 : 0), limits: limits, interpolates: interpolates,
            variables: variables)
        do {
            try parser.parseStatements()
        } catch {
            throw DotEnvFailure(error: error, isMissingVariable: parser.variables.missingVariable)
        }
        return parser.entries
    }

    private mutating func parseStatements() throws(ParseError) {
        while true {
            cursor.skipWhiteSpace()
            guard let byte = cursor.current else { return }
            if byte == UInt8(ascii: "#") {
                cursor.skipToLineEnd()
                continue
            }
            try parseStatement()
        }
    }

    /// `[export] name = value`, `name: value`, or a name alone on its line, from the first
    /// byte of the statement to the byte after its value.
    private mutating func parseStatement() throws(ParseError) {
        skipExport()
        let keyPosition = cursor.position
        let keyStart = cursor.index
        var keyEnd = keyStart
        var spacePosition: SourcePosition?
        var pendingSpace: SourcePosition?
        var terminator: UInt8?
        while let (value, length) = cursor.scalar {
            if DotEnvCursor.isBlank(value) {
                if value == 0x20, pendingSpace == nil { pendingSpace = cursor.position }
                cursor.advance(scalarOf: length)
                continue
            }
            if value == 0x3D || value == 0x3A || value == 0x0A {  // "=", ":", "\n"
                terminator = UInt8(value)
                break
            }
            guard Self.isNameScalar(value) else {
                if let previous = quotedValueEnd, previous.line == keyPosition.line {
                    throw afterQuote(previous.key)
                }
                if keyEnd == keyStart {
                    throw ParseError(
                        .syntax,
                        "expected a name (letters, digits, '_', '.', '-', '[' or ']'), found \(cursor.describedScalar)",
                        at: cursor.position)
                }
                let name = cursor.text(keyStart, keyEnd)
                throw ParseError(
                    .syntax,
                    "invalid character \(cursor.describedScalar) in the name '\(name)'; a name has letters, digits, '_', '.', '-', '[' and ']'",
                    at: cursor.position)
            }
            if spacePosition == nil, let space = pendingSpace { spacePosition = space }
            cursor.advance(scalarOf: length)
            keyEnd = cursor.index
        }
        let key = cursor.text(keyStart, keyEnd)
        if let spacePosition {
            if let previous = quotedValueEnd, previous.line == keyPosition.line { throw afterQuote(previous.key) }
            throw ParseError(.syntax, "the name '\(key)' has a space; a name is one word", at: spacePosition)
        }
        guard keyEnd - keyStart <= limits.maxStringBytes else {
            throw ParseError(
                .stringTooLong, "a name is longer than the limit of \(limits.maxStringBytes) bytes", at: keyPosition)
        }
        guard let terminator, terminator != UInt8(ascii: "\n") else {
            // A name alone on its line, the last line included, takes its value from the variables.
            if keyEnd == keyStart, cursor.isAtEnd {
                throw ParseError(.syntax, "expected a name after 'export'", at: cursor.position)
            }
            if let value = variables.environmentValue(of: key) {
                try append(DotEnvEntry(key: key, value: value, position: keyPosition, keyPosition: keyPosition))
            }
            return
        }
        cursor.advance()
        cursor.skipBlanks()
        let valuePosition = cursor.position
        let value: String
        let opening = cursor.current
        do throws(ParseError) {
            switch opening {
            case UInt8(ascii: "'"): value = try quotedValue(of: key, escapes: false)
            case UInt8(ascii: "\""): value = try quotedValue(of: key, escapes: true)
            default: value = try unquotedValue(of: key)
            }
        } catch {
            if let previous = quotedValueEnd, previous.line == keyPosition.line { throw afterQuote(previous.key) }
            throw error
        }
        if opening == UInt8(ascii: "'") || opening == UInt8(ascii: "\"") {
            quotedValueEnd = (cursor.position.line, key)
        }
        try append(DotEnvEntry(key: key, value: value, position: valuePosition, keyPosition: keyPosition))
    }

    /// The error for a name that follows a closing quote on its line: it may be the rest of the
    /// value, so it is not quoted.
    private func afterQuote(_ key: String) -> ParseError {
        ParseError(
            .syntax,
            "unexpected text after the closing quote of the value of '\(key)'; expected a comment, a new line or a name",
            at: cursor.position)
    }

    /// Steps past `export` and the ASCII white space after it, as a shell script writes it:
    /// `export=1` and `exported=1` name `export` and `exported`.
    private mutating func skipExport() {
        let bytes = cursor.bytes
        let start = cursor.index
        guard start + 6 < bytes.count, Self.isASCIISpace(bytes[start + 6]) else { return }
        for (offset, byte) in "export".utf8.enumerated() where bytes[start + offset] != byte { return }
        for _ in 0..<6 { cursor.advance() }
        while let byte = cursor.current, Self.isASCIISpace(byte) { cursor.advance() }
        cursor.skipBlanks()
    }

    private mutating func append(_ entry: DotEnvEntry) throws(ParseError) {
        guard entries.count < limits.maxKeys else {
            throw ParseError(.tooManyKeys, "more than the limit of \(limits.maxKeys) keys", at: entry.keyPosition)
        }
        variables.recordFileValue(entry.value, of: entry.key)
        entries.append(entry)
    }

    /// Space, tab, line feed, form feed and carriage return: what may follow `export`.
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Letters and numbers of any script, `_`, `.`, `-`, `[` and `]`, as docker compose allows
    /// in a name.
    static func isNameScalar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x5F, 0x2E, 0x2D, 0x5B, 0x5D: return true
        default: return DotEnvCursor.isLetterOrNumber(scalar)
        }
    }
}
