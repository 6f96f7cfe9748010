extension TOMLReader {
    static func isDigit(_ value: UInt8) -> Bool {
        value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9")
    }

    /// Whether `value` can be part of a number token: digits, letters, `_`, `+`, `-`, `.`.
    private static func isNumberByte(_ value: UInt8) -> Bool {
        isBareKeyByte(value) || value == UInt8(ascii: "+") || value == UInt8(ascii: ".")
    }

    /// Reads an integer, a float, or (when the text starts like one) a date or time.
    mutating func parseNumberOrDateTime(at position: SourcePosition) throws(ParseError) -> PropertyNode {
        if Self.isDigit(current) && Self.isDigit(byte(at: offset + 1)) {
            if byte(at: offset + 2) == UInt8(ascii: ":")
                || (Self.isDigit(byte(at: offset + 2)) && Self.isDigit(byte(at: offset + 3))
                    && byte(at: offset + 4) == UInt8(ascii: "-"))
            {
                return PropertyNode(.dateTime(try parseDateTime()), at: position)
            }
        }
        let start = offset
        while offset < end && Self.isNumberByte(bytes[offset]) { offset += 1 }
        return PropertyNode(try number(start..<offset), at: position)
    }

    /// The value of the number token in `range`.
    private func number(_ range: Range<Int>) throws(ParseError) -> PropertyValue {
        if let plain = plainDecimal(range) { return plain }
        var index = range.lowerBound
        var negative = false
        let first = byte(at: index)
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            index += 1
        }
        let body = index..<range.upperBound
        if matches(body, "inf") { return .float(negative ? -.infinity : .infinity) }
        if matches(body, "nan") { return .float(.nan) }
        if body.count > 2 && byte(at: index) == UInt8(ascii: "0") {
            let radix: UInt64? =
                switch byte(at: index + 1) {
                case UInt8(ascii: "x"): 16
                case UInt8(ascii: "o"): 8
                case UInt8(ascii: "b"): 2
                default: nil
                }
            if let radix {
                guard index == range.lowerBound else {
                    throw invalid(range, "a sign is not allowed on hexadecimal, octal or binary integers")
                }
                return try radixInteger(range, digits: (index + 2)..<range.upperBound, radix: radix)
            }
        }
        var isFloat = false
        for cursor in body {
            let value = bytes[cursor]
            if value == UInt8(ascii: ".") || value == UInt8(ascii: "e") || value == UInt8(ascii: "E") {
                isFloat = true
                break
            }
        }
        return isFloat ? try float(range, body: body) : try decimalInteger(range, body: body, negative: negative)
    }

    /// The common numbers in one pass: an unsigned integer of up to 18 digits, or a float
    /// written `digits.digits` with up to 15 significant digits. Nil for anything else (signs,
    /// underscores, exponents, other bases, more digits, invalid text), which the general path
    /// reads or rejects.
    ///
    /// A float here is exact: its digits as an integer (below 2^53) and the power of ten it is
    /// divided by (at most 10^22) are both exact doubles, and one IEEE division rounds
    /// correctly, so the result is the double nearest the written value, as `Double(String)`
    /// gives.
    private func plainDecimal(_ range: Range<Int>) -> PropertyValue? {
        guard range.count <= 18, !range.isEmpty else { return nil }
        var value: Int64 = 0
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit <= 9 else { break }
            value = value &* 10 &+ Int64(digit)
            cursor += 1
        }
        let integerDigits = cursor - range.lowerBound
        guard integerDigits > 0, integerDigits == 1 || bytes[range.lowerBound] != UInt8(ascii: "0") else {
            return nil
        }
        if cursor == range.upperBound { return .integer(value) }
        guard bytes[cursor] == UInt8(ascii: "."), range.count <= 16 else { return nil }
        cursor += 1
        let fractionStart = cursor
        while cursor < range.upperBound {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int64(digit)
            cursor += 1
        }
        let fractionDigits = cursor - fractionStart
        guard fractionDigits > 0 else { return nil }
        return .float(Double(value) / Self.powersOfTen[fractionDigits])
    }

    /// 10^0 through 10^22, every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        for (cursor, index) in zip(range, 0..<range.count) where bytes[cursor] != word.utf8Start[index] {
            return false
        }
        return true
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func invalid(_ range: Range<Int>, _ reason: String) -> ParseError {
        // The number's text is not shown: it may be a secret, and line:column points at it.
        let shown = range.isEmpty ? " " + describeCurrent : ""
        return error(.invalidNumber, "invalid number\(shown): \(reason)", at: range.lowerBound)
    }

    /// Checks digits with single underscores between them; `isDigit` decides what a digit is.
    private func checkDigits(
        _ range: Range<Int>, in token: Range<Int>, isDigit: (UInt8) -> Bool = TOMLReader.isDigit
    ) throws(ParseError) {
        guard !range.isEmpty else { throw invalid(token, "expected digits") }
        var previousWasDigit = false
        for cursor in range {
            let value = bytes[cursor]
            if value == UInt8(ascii: "_") {
                guard previousWasDigit else { throw invalid(token, "'_' must be between digits") }
                previousWasDigit = false
            } else if isDigit(value) {
                previousWasDigit = true
            } else {
                throw invalid(token, "unexpected character '\(Character(Unicode.Scalar(value)))'")
            }
        }
        guard previousWasDigit else { throw invalid(token, "'_' must be between digits") }
    }

    private func decimalInteger(_ token: Range<Int>, body: Range<Int>, negative: Bool) throws(ParseError)
        -> PropertyValue
    {
        try checkDigits(body, in: token)
        if body.count > 1 && bytes[body.lowerBound] == UInt8(ascii: "0") {
            throw invalid(token, "leading zeros are not allowed")
        }
        var value: Int64 = 0
        for cursor in body where bytes[cursor] != UInt8(ascii: "_") {
            let digit = Int64(bytes[cursor] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1 && !overflow2 else { throw outOfRange(token) }
            value = next
        }
        return .integer(value)
    }

    private func radixInteger(_ token: Range<Int>, digits: Range<Int>, radix: UInt64) throws(ParseError)
        -> PropertyValue
    {
        let isRadixDigit: (UInt8) -> Bool =
            switch radix {
            case 16: { TOMLReader.isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "f")) }
            case 8: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
            default: { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
            }
        try checkDigits(digits, in: token, isDigit: isRadixDigit)
        var value: UInt64 = 0
        for cursor in digits where bytes[cursor] != UInt8(ascii: "_") {
            let byte = bytes[cursor]
            let digit = TOMLReader.isDigit(byte) ? UInt64(byte - UInt8(ascii: "0")) : UInt64(byte | 0x20) - 87
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix)
            let (next, overflow2) = shifted.addingReportingOverflow(digit)
            guard !overflow1 && !overflow2 && next <= UInt64(Int64.max) else { throw outOfRange(token) }
            value = next
        }
        return .integer(Int64(value))
    }

    private func outOfRange(_ token: Range<Int>) -> ParseError {
        error(.invalidNumber, "integer out of range for 64-bit", at: token.lowerBound)
    }

    private func float(_ token: Range<Int>, body: Range<Int>) throws(ParseError) -> PropertyValue {
        var cursor = body.lowerBound
        while cursor < body.upperBound && bytes[cursor] != UInt8(ascii: ".") && bytes[cursor] | 0x20 != 0x65 {
            cursor += 1
        }
        let integerPart = body.lowerBound..<cursor
        try checkDigits(integerPart, in: token)
        if integerPart.count > 1 && bytes[integerPart.lowerBound] == UInt8(ascii: "0") {
            throw invalid(token, "leading zeros are not allowed")
        }
        if byte(at: cursor) == UInt8(ascii: ".") && cursor < body.upperBound {
            let fractionStart = cursor + 1
            cursor = fractionStart
            while cursor < body.upperBound && bytes[cursor] | 0x20 != 0x65 { cursor += 1 }
            try checkDigits(fractionStart..<cursor, in: token)
        }
        if cursor < body.upperBound {
            var exponentStart = cursor + 1
            let sign = byte(at: exponentStart)
            if exponentStart < body.upperBound && (sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")) {
                exponentStart += 1
            }
            try checkDigits(exponentStart..<body.upperBound, in: token)
        }
        var hasUnderscores = false
        for cursor in token where bytes[cursor] == UInt8(ascii: "_") {
            hasUnderscores = true
            break
        }
        let digits =
            hasUnderscores
            ? String(decoding: token.lazy.map { bytes[$0] }.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            : text(token)
        guard let value = Double(digits) else { throw invalid(token, "not a number") }
        guard value.isFinite else { throw invalid(token, "out of range for a 64-bit float") }
        return .float(value)
    }
}
