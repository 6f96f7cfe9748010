extension JSONReader {
    /// Reads the whole input: one value, surrounded by whitespace and comments.
    mutating func readDocument() throws(ParseError) -> PropertyNode {
        try skipWhitespace()
        let root = try readValueTree()
        try skipWhitespace()
        if index < end {
            throw unexpected("unexpected content after the top-level value")
        }
        return root
    }

    /// Reads one value with everything nested in it; `index` is at its first byte.
    private mutating func readValueTree() throws(ParseError) -> PropertyNode {
        var frames = Frames()
        defer { frames.free() }
        // The number of open containers: the frames below it.
        var depth = 0
        let maxDepth = options.limits.maxDepth
        do throws(ParseError) {
            valueLoop: while true {
                guard index < end else { throw unexpectedEnd() }
                let startPosition = currentPosition
                var node: PropertyNode
                switch bytes[index] {
                case 0x7B, 0x5B:  // '{', '['
                    let isObject = bytes[index] == 0x7B
                    guard depth < maxDepth else {
                        throw ParseError(
                            .nestingTooDeep,
                            "arrays and objects are nested deeper than the limit of \(maxDepth) levels",
                            at: startPosition
                        )
                    }
                    index += 1
                    try skipWhitespace()
                    if index < end, bytes[index] == (isObject ? 0x7D : 0x5D) {
                        index += 1
                        node = PropertyNode(isObject ? .table(PropertyTable()) : .array([]), at: startPosition)
                    } else {
                        let frame = frames.frame(at: depth)
                        frame.pointee.open(isObject: isObject, position: startPosition)
                        depth += 1
                        if isObject {
                            try readKey(into: &frame.pointee.members, afterComma: false)
                        }
                        continue valueLoop
                    }
                case 0x22:  // '"'
                    node = PropertyNode(.string(try readString(at: startPosition)), at: startPosition)
                case 0x2D, 0x30...0x39:  // '-', digits
                    node = PropertyNode(try readNumber(at: startPosition), at: startPosition)
                case 0x74:  // 't'
                    try readLiteral("true", at: startPosition)
                    node = PropertyNode(.bool(true), at: startPosition)
                case 0x66:  // 'f'
                    try readLiteral("false", at: startPosition)
                    node = PropertyNode(.bool(false), at: startPosition)
                case 0x6E:  // 'n'
                    try readLiteral("null", at: startPosition)
                    node = PropertyNode(.null, at: startPosition)
                default:
                    throw unexpectedValueStart()
                }

                // Attach the finished value to the open containers, closing those that end here.
                while true {
                    let top = depth - 1
                    guard top >= 0 else { return node }
                    let frame = frames.base + top
                    try skipWhitespace()
                    guard index < end else { throw unexpectedEnd() }
                    let byte = bytes[index]
                    if frame.pointee.isObject {
                        if frame.pointee.members.entries.count == Self.firstCapacityLimit {
                            frame.pointee.members.reserveCapacity(frame.pointee.expected)
                        }
                        frame.pointee.members.append(consume node)
                        if byte == 0x2C {  // ','
                            let commaPosition = currentPosition
                            index += 1
                            try skipWhitespace()
                            if index < end, bytes[index] == 0x7D {
                                throw ParseError(.syntax, "trailing comma not allowed", at: commaPosition)
                            }
                            try readKey(into: &frame.pointee.members, afterComma: true)
                            continue valueLoop
                        }
                        guard byte == 0x7D else { throw unexpected("expected ',' or '}' after object member") }
                        index += 1
                        guard frame.pointee.members.indexAtClose() else {
                            // `firstError` names the key.
                            throw ParseError(.duplicateKey, "duplicate key", at: currentPosition)
                        }
                        let table = frame.pointee.takeTable()
                        depth = top
                        node = PropertyNode(.table(table), at: frame.pointee.position, depth: top)
                    } else {
                        if frame.pointee.elements.count == Self.firstCapacityLimit,
                            frame.pointee.expected > Self.firstCapacityLimit
                        {
                            frame.pointee.elements.reserveCapacity(frame.pointee.expected)
                        }
                        frame.pointee.elements.append(consume node)
                        if byte == 0x2C {  // ','
                            let commaPosition = currentPosition
                            index += 1
                            try skipWhitespace()
                            if index < end, bytes[index] == 0x5D {
                                throw ParseError(.syntax, "trailing comma not allowed", at: commaPosition)
                            }
                            continue valueLoop
                        }
                        guard byte == 0x5D else { throw unexpected("expected ',' or ']' after array element") }
                        index += 1
                        let elements = frame.pointee.takeElements()
                        depth = top
                        node = PropertyNode(.array(elements), at: frame.pointee.position, depth: top)
                    }
                }
            }
        } catch {
            throw Self.firstError(error, in: frames.open(depth))
        }
    }

    /// Reads an object key, checks it against the keys before it, and reads the `:` after it.
    /// `index` is at the key's opening quote; afterwards it is at the value.
    private mutating func readKey(into members: inout JSONObjectBuilder, afterComma: Bool) throws(ParseError) {
        guard index < end, bytes[index] == 0x22 else {
            if index < end, bytes[index] == 0x27 {
                throw ParseError(.syntax, "single-quoted keys are not allowed; use '\"'", at: currentPosition)
            }
            throw unexpected(afterComma ? "expected a string key after ','" : "expected a string key or '}'")
        }
        let keyPosition = currentPosition
        keyCount += 1
        if keyCount > options.limits.maxKeys {
            throw ParseError(
                .tooManyKeys,
                "more keys than the limit of \(options.limits.maxKeys)",
                at: keyPosition
            )
        }
        let key = try readKeyString(at: keyPosition)
        if let previous = members.setKey(key, at: keyPosition, policy: options.duplicateKeys) {
            throw Self.duplicateKey(members.pendingKeyString, at: keyPosition, previous: previous)
        }
        try skipWhitespace()
        guard index < end, bytes[index] == 0x3A else { throw unexpected("expected ':' after object key") }
        index += 1
        try skipWhitespace()
    }

    /// The error for `key` at `position`, defined before at `previous`.
    private static func duplicateKey(
        _ key: String, at position: SourcePosition, previous: (position: SourcePosition, key: String)
    ) -> ParseError {
        ParseError(
            .duplicateKey,
            "duplicate key \(quotedForMessage(key)) (first defined at line \(previous.position.line)"
                + "\(TableKey.normalizationHint(previous.key, key)))",
            at: position,
            related: previous.position
        )
    }

    /// The error to report instead of `error`, thrown with the containers below `depth` open:
    /// the first duplicate key of an object that checks them at its close, when there is one.
    /// Every key of an open object was read before the point `error` was found, so such a
    /// duplicate comes first in reading order, where a check at each key would have stopped.
    private static func firstError(_ error: ParseError, in open: UnsafeBufferPointer<Frame>) -> ParseError {
        var first: ParseError?
        for frame in open where frame.isObject {
            guard let duplicate = frame.members.firstDuplicate() else { continue }
            if let found = first, found.position <= duplicate.position { continue }
            first = duplicateKey(duplicate.key, at: duplicate.position, previous: duplicate.previous)
        }
        return first ?? error
    }

    /// `text` in double quotes for an error message: quotes, backslashes and control
    /// characters escaped, and cut after 60 characters.
    static func quotedForMessage(_ text: String) -> String {
        var result = "\""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if offset == 60 {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Reads `true`, `false` or `null`; `index` is at its first letter.
    private mutating func readLiteral(_ word: StaticString, at position: SourcePosition) throws(ParseError) {
        // The last four bytes of the word, compared as one little-endian load (the first byte
        // of `false` is the one that chose this literal).
        let count = word.utf8CodeUnitCount
        guard end - index >= count,
            bytes.loadUnaligned(fromByteOffset: index + count - 4, as: UInt32.self)
                == UnsafeRawPointer(word.utf8Start).loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        else {
            throw ParseError(.syntax, "invalid literal; expected '\(word)'", at: position)
        }
        index += count
    }

    /// The error for a byte that cannot start a value, with hints for common non-JSON syntax.
    private func unexpectedValueStart() -> ParseError {
        let position = currentPosition
        switch bytes[index] {
        case 0x27:
            return ParseError(.syntax, "single-quoted strings are not allowed; use '\"'", at: position)
        case 0x2B:
            return ParseError(.invalidNumber, "a number cannot start with '+'", at: position)
        case 0x2E:
            return ParseError(.invalidNumber, "a number cannot start with '.'", at: position)
        case 0x4E, 0x49:  // 'N', 'I'
            if startsWith("NaN") || startsWith("Infinity") {
                return ParseError(.invalidNumber, "NaN and Infinity are not allowed in JSON", at: position)
            }
        case 0x23:
            return ParseError(.syntax, "'#' comments are not allowed; use '//'", at: position)
        default:
            break
        }
        return unexpected("expected a value, found \(describeCharacter(at: index))")
    }
}
