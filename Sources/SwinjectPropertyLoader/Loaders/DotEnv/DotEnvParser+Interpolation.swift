import PropertyFormats

/// Interpolation as docker compose does it, on the value's bytes after quotes and escapes:
/// `$$` is a `$`; `$NAME` and `${NAME}` are the variable's value or the empty text;
/// `${NAME:-word}` / `${NAME-word}` give `word` when the variable is empty or unset / unset;
/// `${NAME:?word}` / `${NAME?word}` fail when it is empty or unset / unset; `${NAME:+word}` /
/// `${NAME+word}` give `word` when it is set and not empty / set, and the empty text otherwise.
/// A name is an ASCII letter or `_`, then letters, digits and `_`. Any other `$` stays.
///
/// `word` is interpolated itself, even when it is not used. As compose splits the expression at
/// the first `:-` (`:?`, `:+`) before it looks for `-` (`?`, `+`), `${A-x:-y}` reads the variable
/// `A-x` with the default `y`. It ends at the `}` that closes the
/// `${` (every `{` opens, and the byte after a `{` is never a brace), or, when that one is not
/// on the same line, at the last `}` of the line.
extension DotEnvParser {
    /// `buffer` with its interpolations replaced; the `$` bytes' positions are in `dollars`.
    mutating func interpolated(of key: String) throws(ParseError) -> String {
        var template = DotEnvTemplate(bytes: buffer)
        var output: [UInt8] = []
        output.reserveCapacity(buffer.count)
        try substitute(0..<buffer.count, depth: 0, template: &template, into: &output, key: key)
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func substitute(
        _ range: Range<Int>, depth: Int, template: inout DotEnvTemplate, into output: inout [UInt8], key: String
    ) throws(ParseError) {
        let bytes = template.bytes
        let end = range.upperBound
        var literalStart = range.lowerBound
        var index = range.lowerBound
        while index < end {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < end else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            let resumeAt: Int
            if next == UInt8(ascii: "$") {
                output.append(contentsOf: bytes[literalStart..<index])
                output.append(UInt8(ascii: "$"))
                resumeAt = index + 2
            } else if Self.isNameStart(next) {
                output.append(contentsOf: bytes[literalStart..<index])
                let nameEnd = Self.nameEnd(in: bytes, from: index + 1, before: end)
                let name = String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self)
                try insert(variables.value(of: name) ?? "", into: &output, key: key, at: index)
                resumeAt = nameEnd
            } else if next == UInt8(ascii: "{") {
                output.append(contentsOf: bytes[literalStart..<index])
                resumeAt = try substituteBraced(
                    at: index, before: end, depth: depth, template: &template, into: &output, key: key)
            } else {
                index += 1
                continue
            }
            guard output.count <= limits.maxStringBytes else { throw tooLong(key, at: position(of: index)) }
            index = resumeAt
            literalStart = resumeAt
        }
        output.append(contentsOf: bytes[literalStart..<end])
        guard output.count <= limits.maxStringBytes else { throw tooLong(key, at: position(of: range.lowerBound)) }
    }

    /// `${…}` at `start` (its `$`), inside a text that ends at `end`; returns where the text
    /// after it starts.
    private mutating func substituteBraced(
        at start: Int, before end: Int, depth: Int, template: inout DotEnvTemplate, into output: inout [UInt8],
        key: String
    ) throws(ParseError) -> Int {
        let bytes = template.bytes
        let nameStart = start + 2
        guard nameStart < end, Self.isNameStart(bytes[nameStart]) else { throw invalid(key, at: start) }
        let nameEnd = Self.nameEnd(in: bytes, from: nameStart, before: end)
        var name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        guard nameEnd < end else { throw invalid(key, at: start) }
        if bytes[nameEnd] == UInt8(ascii: "}") {
            try insert(variables.value(of: name) ?? "", into: &output, key: key, at: start)
            return nameEnd + 1
        }
        var colon = bytes[nameEnd] == UInt8(ascii: ":")
        let operatorIndex = colon ? nameEnd + 1 : nameEnd
        guard operatorIndex < end,
            [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "?")].contains(bytes[operatorIndex])
        else { throw invalid(key, at: start) }
        var wordStart = operatorIndex + 1
        guard let close = template.closingBrace(ofDollarAt: start, wordStart: wordStart, before: end) else {
            throw invalid(key, at: start)
        }
        if !colon, let split = Self.firstColon(before: bytes[operatorIndex], in: bytes, from: wordStart, to: close) {
            // Compose tries `:-` before `-` (`:?` before `?`, `:+` before `+`) on the whole
            // expression, so `${A-x:-y}` is `y` unless the variable `A-x` is set.
            name = String(decoding: bytes[nameStart..<split], as: UTF8.self)
            colon = true
            wordStart = split + 2
        }
        guard depth < limits.maxDepth else {
            throw ParseError(
                .nestingTooDeep,
                "interpolations in the value of '\(key)' are nested deeper than the limit of \(limits.maxDepth)",
                at: position(of: start))
        }
        let mark = output.count
        try substitute(wordStart..<close, depth: depth + 1, template: &template, into: &output, key: key)
        let value = variables.value(of: name)
        let isSet = colon ? !(value ?? "").isEmpty : value != nil
        switch bytes[operatorIndex] {
        case UInt8(ascii: "+"):
            if !isSet { output.removeSubrange(mark...) }
        case UInt8(ascii: "?"):
            guard let value, isSet else {
                variables.missingVariable = true
                let state = value == nil ? "not set" : "empty"
                throw ParseError(
                    .syntax, "the value of '\(key)' requires the variable '\(name)', which is \(state)",
                    at: position(of: start))
            }
            output.removeSubrange(mark...)
            try insert(value, into: &output, key: key, at: start)
        default:
            if let value, isSet {
                output.removeSubrange(mark...)
                try insert(value, into: &output, key: key, at: start)
            }
        }
        return close + 1
    }

    /// Appends a variable's value, counting it against the bytes interpolation may insert.
    private mutating func insert(_ value: String, into output: inout [UInt8], key: String, at offset: Int)
        throws(ParseError)
    {
        insertedBytes += value.utf8.count
        guard insertedBytes <= limits.maxInputBytes else {
            throw ParseError(
                .inputTooLarge,
                "interpolation inserts more than the limit of \(limits.maxInputBytes) bytes into the file",
                at: position(of: offset))
        }
        output.append(contentsOf: value.utf8)
    }

    private func invalid(_ key: String, at offset: Int) -> ParseError {
        ParseError(
            .syntax,
            "invalid interpolation in the value of '\(key)'; write ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}, ${NAME:+other} or ${NAME+other}, and $$ for a '$'",
            at: position(of: offset))
    }

    /// Where the `$` at `offset` of the value was written.
    private func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = dollars.count
        while low < high {
            let middle = (low + high) / 2
            if dollars[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        if low < dollars.count, dollars[low].offset == offset { return dollars[low].position }
        return low > 0 ? dollars[low - 1].position : cursor.position
    }

    /// The offset of the first `:` followed by `symbol` in `start..<end`.
    private static func firstColon(before symbol: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index + 1 < end {
            if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == symbol { return index }
            index += 1
        }
        return nil
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func nameEnd(in bytes: [UInt8], from start: Int, before end: Int) -> Int {
        var index = start
        while index < end {
            let byte = bytes[index]
            guard isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            index += 1
        }
        return index
    }
}

/// Where each `${` of a value closes, found in one pass when the first `${` needs it.
struct DotEnvTemplate {
    let bytes: [UInt8]
    /// For each `{`, the offset of the `}` that closes it, or -1.
    private var closing: [Int32] = []
    /// For each offset, the offset of the last `}` before it, or -1.
    private var previousClose: [Int32] = []
    /// The first `\n` at or after the last offset asked about (offsets are asked in order).
    private var lineEnd = -1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The `}` that ends the `${` at `start`, inside a text that ends at `end`: the one that
    /// closes its `{` when no later than the last `}` of the line, or else that last `}`;
    /// nil when the line has no `}` from `wordStart` on.
    mutating func closingBrace(ofDollarAt start: Int, wordStart: Int, before end: Int) -> Int? {
        if closing.isEmpty { index() }
        if lineEnd < start {
            lineEnd = start
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        }
        let last = Int(previousClose[min(lineEnd, end)])
        guard last >= wordStart else { return nil }
        let matched = Int(closing[start + 1])
        return matched >= 0 && matched <= last ? matched : last
    }

    private mutating func index() {
        closing = Array(repeating: -1, count: bytes.count)
        previousClose = Array(repeating: -1, count: bytes.count + 1)
        var open: [Int32] = []
        var last: Int32 = -1
        var offset = 0
        while offset < bytes.count {
            previousClose[offset] = last
            let byte = bytes[offset]
            if byte == UInt8(ascii: "}") {
                last = Int32(offset)
                if let opening = open.popLast() { closing[Int(opening)] = Int32(offset) }
            } else if byte == UInt8(ascii: "{") {
                open.append(Int32(offset))
                // The byte after a `{` is not a brace to this count.
                if offset + 1 < bytes.count {
                    offset += 1
                    previousClose[offset] = last
                    if bytes[offset] == UInt8(ascii: "}") { last = Int32(offset) }
                }
            }
            offset += 1
        }
        previousClose[bytes.count] = last
    }
}
