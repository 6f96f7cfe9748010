#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension JSONReader {
    /// Reads a number; `index` is at its `-` or first digit.
    ///
    /// Integers are accumulated by hand with overflow checks; an integer literal that does not
    /// fit in `Int64` is kept as its exact text (``PropertyValue/bigInteger(_:)``). A number
    /// with a fraction or exponent becomes a correctly rounded `Double`; one beyond the range
    /// of `Double` becomes an infinity.
    mutating func readNumber(at position: SourcePosition) throws(ParseError) -> PropertyValue {
        let start = index
        var offset = index
        let negative = bytes[offset] == 0x2D
        if negative { offset += 1 }
        guard offset < end, isDigit(bytes[offset]) else {
            index = offset
            if startsWith("Infinity") {
                throw ParseError(.invalidNumber, "NaN and Infinity are not allowed in JSON", at: position)
            }
            throw numberError("expected a digit after '-'", at: offset)
        }

        // Integer part.
        var value: Int64 = 0
        var overflow = false
        var significand: UInt64 = 0
        var significantDigits = 0
        if bytes[offset] == 0x30 {
            offset += 1
            if offset < end, isDigit(bytes[offset]) {
                throw ParseError(.invalidNumber, "leading zeros are not allowed", at: position)
            }
        } else {
            while offset < end, isDigit(bytes[offset]) {
                let digit = Int64(bytes[offset] &- 0x30)
                if !overflow {
                    let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) =
                        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                    if overflow1 || overflow2 { overflow = true } else { value = next }
                }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                }
                significantDigits += 1
                offset += 1
            }
        }

        // Fraction and exponent.
        var isFloat = false
        var fractionDigits = 0
        if offset < end, bytes[offset] == 0x2E {
            isFloat = true
            offset += 1
            guard offset < end, isDigit(bytes[offset]) else {
                throw numberError("expected a digit after '.'", at: offset)
            }
            while offset < end, isDigit(bytes[offset]) {
                if significantDigits < 19 {
                    if significand != 0 || bytes[offset] != 0x30 {
                        significand = significand &* 10 &+ UInt64(bytes[offset] &- 0x30)
                        significantDigits += 1
                    }
                    fractionDigits += 1
                } else {
                    significantDigits += 1
                }
                offset += 1
            }
        }
        var exponent = 0
        if offset < end, bytes[offset] | 0x20 == 0x65 {  // 'e' or 'E'
            isFloat = true
            offset += 1
            var exponentNegative = false
            if offset < end, bytes[offset] == 0x2B || bytes[offset] == 0x2D {
                exponentNegative = bytes[offset] == 0x2D
                offset += 1
            }
            guard offset < end, isDigit(bytes[offset]) else {
                throw numberError("expected a digit in the exponent", at: offset)
            }
            while offset < end, isDigit(bytes[offset]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[offset] &- 0x30) }
                offset += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = offset

        guard isFloat else {
            if overflow {
                return .bigInteger(
                    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
            }
            return .integer(value)
        }
        // Exact fast path: a significand below 2^53 times a power of ten that is itself exact.
        if significantDigits <= 15 {
            let scale = exponent - fractionDigits
            if scale >= -22, scale <= 22 {
                let magnitude = Double(significand)
                let result = scale >= 0 ? magnitude * Self.powersOfTen[scale] : magnitude / Self.powersOfTen[-scale]
                return .float(negative ? -result : result)
            }
        }
        if let result = cDouble(from: start, to: offset) { return .float(result) }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let result = Double(text) else {
            // The number's text is not shown: it may be a secret, and line:column points at it.
            throw ParseError(.invalidNumber, "invalid number (\(text.utf8.count) characters)", at: position)
        }
        return .float(result)
    }

    /// The C library's correctly rounded `strtod` over a NUL-terminated stack copy of the
    /// number's bytes, which avoids making a `String`. Returns nil when `strtod` does not read
    /// the whole text (a process locale whose decimal point is not `.`), so that the caller
    /// falls back to `Double(_:)`, which ignores the locale.
    private func cDouble(from start: Int, to stop: Int) -> Double? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            let count = stop - start
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double? in
                guard let base = buffer.baseAddress else { return nil }
                for offset in 0..<count { base[offset] = CChar(bitPattern: bytes[start + offset]) }
                base[count] = 0
                var last: UnsafeMutablePointer<CChar>?
                let value = strtod(base, &last)
                return last == base + count ? value : nil
            }
        #else
            return nil
        #endif
    }

    /// 1e0 through 1e22, every one exactly representable as a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    private mutating func numberError(_ message: String, at offset: Int) -> ParseError {
        index = offset
        guard offset < end else { return unexpectedEnd() }
        return ParseError(.invalidNumber, message, at: position(at: offset))
    }
}
