/// Strict UTF-8 checks (RFC 3629) over raw bytes, shared by the JSON and TOML readers.
enum UTF8Validation {
    /// The length of the well-formed multi-byte UTF-8 sequence that starts at `index`, or 0
    /// when the bytes there are not one: a stray continuation byte, an overlong form, an
    /// encoded surrogate, a value above U+10FFFF or a sequence cut off by `end`.
    ///
    /// The caller has already handled ASCII (`bytes[index] < 0x80`) and checked `index < end`.
    static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        switch lead {
        case 0xC2...0xDF:
            guard index + 1 < end, isContinuation(bytes[index + 1]) else { return 0 }
            return 2
        case 0xE0...0xEF:
            guard index + 2 < end else { return 0 }
            let second = bytes[index + 1]
            let secondRange: ClosedRange<UInt8> =
                switch lead {
                case 0xE0: 0xA0...0xBF  // no overlong forms
                case 0xED: 0x80...0x9F  // no UTF-16 surrogates
                default: 0x80...0xBF
                }
            guard secondRange.contains(second), isContinuation(bytes[index + 2]) else { return 0 }
            return 3
        case 0xF0...0xF4:
            guard index + 3 < end else { return 0 }
            let second = bytes[index + 1]
            let secondRange: ClosedRange<UInt8> =
                switch lead {
                case 0xF0: 0x90...0xBF  // no overlong forms
                case 0xF4: 0x80...0x8F  // nothing above U+10FFFF
                default: 0x80...0xBF
                }
            guard secondRange.contains(second), isContinuation(bytes[index + 2]), isContinuation(bytes[index + 3])
            else { return 0 }
            return 4
        default:
            return 0
        }
    }

    /// Whether `byte` is a UTF-8 continuation byte (`10xxxxxx`).
    static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }

    /// Appends the UTF-8 encoding of `scalar` to `buffer`.
    static func append(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        case 0x800..<0x1_0000:
            buffer.append(UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        default:
            buffer.append(UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        }
    }

    /// Describes the encoding when `bytes` start like UTF-16 or UTF-32 text (a byte order mark,
    /// or the NUL bytes an ASCII character gets in those encodings); nil otherwise.
    static func detectWideEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        if count >= 4 {
            let (b0, b1, b2, b3) = (bytes[0], bytes[1], bytes[2], bytes[3])
            if b0 == 0, b1 == 0, b2 == 0xFE, b3 == 0xFF { return "UTF-32 (big-endian byte order mark)" }
            if b0 == 0xFF, b1 == 0xFE, b2 == 0, b3 == 0 { return "UTF-32 (little-endian byte order mark)" }
            if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { return "UTF-32 (big-endian)" }
            if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { return "UTF-32 (little-endian)" }
        }
        if count >= 2 {
            if bytes[0] == 0xFE, bytes[1] == 0xFF { return "UTF-16 (big-endian byte order mark)" }
            if bytes[0] == 0xFF, bytes[1] == 0xFE { return "UTF-16 (little-endian byte order mark)" }
        }
        if count >= 4 {
            let (b0, b1, b2, b3) = (bytes[0], bytes[1], bytes[2], bytes[3])
            if b0 == 0, b1 != 0, b2 == 0, b3 != 0 { return "UTF-16 (big-endian)" }
            if b0 != 0, b1 == 0, b2 != 0, b3 == 0 { return "UTF-16 (little-endian)" }
        }
        return nil
    }
}
