import PropertyFormats

/// How a key segment being looked up is compared with member names.
///
/// Property keys compare as `String`s do, by canonical equivalence. A table whose names are all
/// ASCII compares bytes instead, which is the same thing once the query is spelled in ASCII:
/// two ASCII strings are equivalent only when their bytes are equal, and a non-ASCII string is
/// equivalent to an ASCII one only when each of its scalars is ASCII or one of the three
/// scalars whose canonical decomposition is a single ASCII scalar (``asciiEquivalent(of:)``).
enum PropertyKeyQuery {
    /// The ASCII string canonically equivalent to `key`, as bytes, or nil when there is none.
    static func asciiSpelling(of key: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count)
        for scalar in key.unicodeScalars {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else if let ascii = asciiEquivalent(of: scalar) {
                bytes.append(ascii)
            } else {
                return nil
            }
        }
        return bytes
    }

    /// The ASCII scalar a non-ASCII scalar canonically decomposes to, for the only three that
    /// decompose to one: KELVIN SIGN to `K`, GREEK QUESTION MARK to `;`, GREEK VARIA to `` ` ``.
    /// A test checks this list against `String` equality over every Unicode scalar.
    static func asciiEquivalent(of scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x212A: UInt8(ascii: "K")
        case 0x037E: UInt8(ascii: ";")
        case 0x1FEF: UInt8(ascii: "`")
        default: nil
        }
    }
}

/// Word-at-a-time ASCII test for key bytes.
enum ASCIIBytes {
    /// Whether every byte is below 0x80.
    static func all(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var offset = 0
        var high: UInt64 = 0
        while offset + 8 <= count {
            high |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            high |= UInt64(bytes[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
