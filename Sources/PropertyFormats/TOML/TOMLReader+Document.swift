extension TOMLReader {
    /// Reads the whole document: validation, then one line at a time.
    mutating func parseDocument() throws(ParseError) -> PropertyTable {
        try validateInput()
        try parseStatements()
        return builder.finish()
    }

    /// Reads key/value pairs, headers, comments and blank lines to the end of input.
    mutating func parseStatements() throws(ParseError) {
        while true {
            skipWhitespace()
            if atEnd { break }
            if consumeNewline() { continue }
            switch current {
            case UInt8(ascii: "#"):
                skipComment()
                try expectLineEnd(after: "comment")
            case UInt8(ascii: "["):
                try parseHeader()
            default:
                try parseKeyValue(into: builder.current)
                try expectLineEnd(after: "value")
            }
        }
    }

    /// Reads `[a.b]` or `[[a.b]]` and opens its table.
    mutating func parseHeader() throws(ParseError) {
        let position = here
        offset += 1
        let isArray = current == UInt8(ascii: "[")
        if isArray { offset += 1 }
        skipWhitespace()
        let path = try parseKey()
        skipWhitespace()
        guard current == UInt8(ascii: "]") else {
            throw unexpected(isArray ? "expected ']]' after table name" : "expected ']' after table name")
        }
        offset += 1
        if isArray {
            guard current == UInt8(ascii: "]") else { throw unexpected("expected ']]' after table name") }
            offset += 1
            try builder.openArrayTable(path, at: position)
        } else {
            try builder.openTable(path, at: position)
        }
        try expectLineEnd(after: "table header")
    }

    /// Reads `key = value` and stores it in `table`.
    mutating func parseKeyValue(into table: TOMLTable) throws(ParseError) {
        let path = try parseKey()
        skipWhitespace()
        guard current == UInt8(ascii: "=") else {
            throw unexpected(path.count == 1 ? "expected '=' after key" : "expected '=' after dotted key")
        }
        offset += 1
        skipWhitespace()
        let node = try parseValue(depth: table.depth + path.count - 1)
        try builder.insert(path, node, into: table)
    }

    /// Whether `value` may appear in a bare key: `A-Z a-z 0-9 _ -`.
    static func isBareKeyByte(_ value: UInt8) -> Bool {
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Reads a key: one or more bare or quoted segments joined by dots.
    mutating func parseKey() throws(ParseError) -> ArraySlice<TOMLKey> {
        var count = 0
        while true {
            let segment = try parseKeySegment()
            if count < keyScratch.count {
                keyScratch[count] = segment
            } else {
                keyScratch.append(segment)
            }
            count += 1
            skipWhitespace()
            guard current == UInt8(ascii: ".") else { return keyScratch[0..<count] }
            offset += 1
            skipWhitespace()
        }
    }

    /// Reads one bare, basic-quoted or literal-quoted key segment.
    private mutating func parseKeySegment() throws(ParseError) -> TOMLKey {
        let position = here
        let start = offset
        let name: String
        switch current {
        case UInt8(ascii: "\""):
            guard !(byte(at: offset + 1) == UInt8(ascii: "\"") && byte(at: offset + 2) == UInt8(ascii: "\"")) else {
                throw error(.syntax, "a multi-line string cannot be a key")
            }
            name = try parseBasicString()
        case UInt8(ascii: "'"):
            guard !(byte(at: offset + 1) == UInt8(ascii: "'") && byte(at: offset + 2) == UInt8(ascii: "'")) else {
                throw error(.syntax, "a multi-line string cannot be a key")
            }
            name = try parseLiteralString()
        default:
            while offset < end && Self.isBareKeyByte(bytes[offset]) { offset += 1 }
            guard offset > start else { throw unexpected("expected a key") }
            guard offset - start <= limits.maxStringBytes else {
                throw error(.stringTooLong, "key longer than \(limits.maxStringBytes) bytes", at: start)
            }
            let key = keyCache.key(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
            return TOMLKey(name: key.string, position: position, fingerprint: key.fingerprint)
        }
        return TOMLKey(name: name, position: position)
    }
}
