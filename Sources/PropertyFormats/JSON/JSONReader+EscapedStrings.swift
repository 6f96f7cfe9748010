extension JSONReader {
    /// Reads the rest of a string with escapes straight into the storage of the `String` it
    /// becomes; `index` is at the first backslash and the bytes from `start` up to it are plain
    /// text. Returns nil, with `index` and the line state unchanged, when the string is not
    /// well formed (no closing quote, a bad escape, a control character, bad UTF-8, too long):
    /// the caller then reads it again the slow way, which names the problem.
    ///
    /// An escape never writes more bytes than it takes (`\n` becomes one byte, `\u00E9` two,
    /// a surrogate pair of twelve bytes four), so the bytes up to the closing quote bound the
    /// string's length and it is written once, with no buffer in between.
    mutating func readEscapedStringInPlace(from start: Int) -> String? {
        // Six bytes of escape make at least one byte of text: text this long is surely over the
        // limit, and is not allocated for.
        guard let close = closingQuote(from: index), (close - start) / 6 <= options.limits.maxStringBytes else {
            return nil
        }
        var decoded: (count: Int, continuations: Int)?
        // The closure captures the input and offsets alone: capturing the reader would copy it.
        let (bytes, backslash) = (bytes, index)
        let string = String(unsafeUninitializedCapacity: close - start) { buffer -> Int in
            decoded = Self.decodeEscapes(bytes, from: start, backslash: backslash, to: close, into: buffer)
            return decoded?.count ?? 0
        }
        guard let decoded, decoded.count <= options.limits.maxStringBytes else { return nil }
        index = close + 1
        lineContinuations += decoded.continuations
        return string
    }

    /// The offset of the quote that closes the string whose first backslash is at `offset`:
    /// each backslash takes the byte after it along.
    private func closingQuote(from offset: Int) -> Int? {
        var offset = offset
        while offset < end {
            offset = skippingPlainWords(from: offset)
            guard offset < end else { break }
            switch bytes[offset] {
            case 0x22: return offset
            case 0x5C: offset += 2
            default: offset += 1
            }
        }
        return nil
    }

    /// Writes the text of `bytes` from `start` to the quote at `close`, whose first backslash is
    /// at `backslash`, unescaped, into `buffer`; returns the number of bytes and of UTF-8
    /// continuation bytes read, or nil for text that is not well formed.
    private static func decodeEscapes(
        _ bytes: UnsafeRawBufferPointer, from start: Int, backslash: Int, to close: Int,
        into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> (count: Int, continuations: Int)? {
        guard let out = buffer.baseAddress, let input = bytes.baseAddress, close - start <= buffer.count else {
            return nil
        }
        let source = input.assumingMemoryBound(to: UInt8.self)
        var written = backslash - start
        out.update(from: source + start, count: written)
        var offset = backslash
        var continuations = 0
        while offset < close {
            let byte = source[offset]
            if byte == 0x5C {
                guard offset + 1 < close else { return nil }
                let letter = source[offset + 1]
                offset += 2
                switch letter {
                case 0x22, 0x5C, 0x2F: out[written] = letter
                case 0x62: out[written] = 0x08
                case 0x66: out[written] = 0x0C
                case 0x6E: out[written] = 0x0A
                case 0x72: out[written] = 0x0D
                case 0x74: out[written] = 0x09
                case 0x75:
                    guard var scalar = hexQuad(bytes, at: offset, before: close) else { return nil }
                    offset += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard offset + 1 < close, source[offset] == 0x5C, source[offset + 1] == 0x75,
                            let low = hexQuad(bytes, at: offset + 2, before: close), (0xDC00...0xDFFF).contains(low)
                        else { return nil }
                        offset += 6
                        scalar = 0x1_0000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        return nil
                    }
                    written += writeUTF8(scalar, to: out + written)
                    continue
                default:
                    return nil
                }
                written += 1
            } else if byte < 0x20 {
                return nil
            } else if byte >= 0x80 {
                let length = UTF8Validation.sequenceLength(bytes, at: offset, end: close)
                guard length > 0 else { return nil }
                (out + written).update(from: source + offset, count: length)
                written += length
                offset += length
                continuations += length - 1
            } else {
                out[written] = byte
                written += 1
                offset += 1
            }
        }
        return (written, continuations)
    }

    /// The value of the four hex digits of `bytes` at `offset`, all before `limit`, or nil.
    private static func hexQuad(_ bytes: UnsafeRawBufferPointer, at offset: Int, before limit: Int) -> UInt32? {
        guard limit - offset >= 4 else { return nil }
        var value: UInt32 = 0
        for digitOffset in offset..<offset + 4 {
            guard let digit = hexDigit(bytes[digitOffset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Writes `scalar` (not a surrogate) as UTF-8 at `out`; returns the number of bytes.
    private static func writeUTF8(_ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x1_0000:
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 4
        }
    }
}
