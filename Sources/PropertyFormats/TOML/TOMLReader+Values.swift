extension TOMLReader {
    /// Reads one value. `depth` is the nesting depth of the table or array that holds it.
    mutating func parseValue(depth: Int) throws(ParseError) -> PropertyNode {
        let position = here
        switch current {
        case UInt8(ascii: "\""):
            return PropertyNode(.string(try parseBasicString()), at: position)
        case UInt8(ascii: "'"):
            return PropertyNode(.string(try parseLiteralString()), at: position)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return PropertyNode(.bool(true), at: position)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return PropertyNode(.bool(false), at: position)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1, at: position)
        case UInt8(ascii: "{"):
            return try parseInlineTable(depth: depth + 1, at: position)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "i"),
            UInt8(ascii: "n"):
            return try parseNumberOrDateTime(at: position)
        default:
            throw unexpected("expected a value")
        }
    }

    /// Consumes `word` (a keyword such as `true`) or throws.
    private mutating func expectWord(_ word: StaticString) throws(ParseError) {
        let start = offset
        var index = 0
        let count = word.utf8CodeUnitCount
        while index < count {
            guard byte(at: offset + index) == word.utf8Start[index] else {
                throw error(.syntax, "expected a value (did you mean '\(word)'?)", at: start)
            }
            index += 1
        }
        offset += count
        guard !Self.isBareKeyByte(current) else {
            throw error(.syntax, "expected a value (did you mean '\(word)'?)", at: start)
        }
    }

    private func checkDepth(_ depth: Int, at position: SourcePosition) throws(ParseError) {
        guard depth <= limits.maxDepth else {
            throw ParseError(
                .nestingTooDeep, "arrays and tables nested deeper than \(limits.maxDepth) levels", at: position)
        }
    }

    /// Reads `[ value, ... ]`; newlines and comments may appear between elements.
    private mutating func parseArray(depth: Int, at position: SourcePosition) throws(ParseError) -> PropertyNode {
        try checkDepth(depth, at: position)
        offset += 1
        let mark = valueStack.count
        while true {
            skipWhitespaceCommentsAndNewlines()
            if current == UInt8(ascii: "]") {
                offset += 1
                break
            }
            let element = try parseValue(depth: depth)
            valueStack.append(element)
            skipWhitespaceCommentsAndNewlines()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current == UInt8(ascii: "]") {
                offset += 1
                break
            } else {
                throw unexpected("expected ',' or ']' after array element")
            }
        }
        let elements: [PropertyNode]
        if mark == 0 {
            // The outermost array owns the whole stack: hand it over instead of copying it.
            elements = valueStack.trimmed()
            valueStack = []
        } else {
            elements = Array(valueStack[mark...])
            valueStack.removeSubrange(mark...)
        }
        return PropertyNode(.array(elements), at: position, depth: depth)
    }

    /// Skips what may separate inline table entries: spaces, and in TOML 1.1 also newlines
    /// and comments.
    private mutating func skipInlineTableSpace() {
        if isV11 { skipWhitespaceCommentsAndNewlines() } else { skipWhitespace() }
    }

    /// Reads `{ key = value, ... }`. The table is finished at `}`: nothing may add to it later.
    private mutating func parseInlineTable(depth: Int, at position: SourcePosition) throws(ParseError)
        -> PropertyNode
    {
        try checkDepth(depth, at: position)
        offset += 1
        let table = TOMLTable(
            origin: .root, position: position, depth: depth, sizes: builder.sizes,
            sizeSlot: TOMLTableSizes.slot(fingerprint: nil, depth: depth))
        skipInlineTableSpace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return PropertyNode(.table(PropertyTable()), at: position)
        }
        while true {
            skipInlineTableSpace()
            try parseKeyValue(into: table)
            skipInlineTableSpace()
            if current == UInt8(ascii: ",") {
                offset += 1
                if isV11 {
                    skipInlineTableSpace()
                    if current == UInt8(ascii: "}") {
                        offset += 1
                        break
                    }
                }
            } else if current == UInt8(ascii: "}") {
                offset += 1
                break
            } else {
                throw unexpected("expected ',' or '}' after inline table entry")
            }
        }
        return PropertyNode(.table(table.finish(builder.children)), at: position, depth: depth)
    }
}
