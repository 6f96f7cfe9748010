// Where the secrets target puts its marker: each byte 0x01 that stands inside a value, never
// inside a key (key names are shown by design). The scan is cautious: it replaces a byte only
// where the parsers cannot read a key, and keeps it everywhere else.
//
// - JSON: inside a string that follows `:` or `[` (comments skipped; a key follows `{` or `,`);
// - TOML: inside a string of any quoting that follows `=` on the same line (a key follows a line
//   start, `.`, `{`, `,` or `[`);
// - .env: after the first `=` of a line (a key never holds `=`).

enum Planting {
    enum Format { case json, toml, dotenv }

    static let sentinel: UInt8 = 0x01

    static func plant(_ marker: [UInt8], in input: ArraySlice<UInt8>, format: Format) -> [UInt8] {
        let bytes = Array(input)
        let inValue: [Bool] =
            switch format {
            case .json: json(bytes)
            case .toml: toml(bytes)
            case .dotenv: dotenv(bytes)
            }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == sentinel, inValue[index] { result += marker } else { result.append(byte) }
        }
        return result
    }

    /// For each byte, whether it is inside a JSON string value.
    private static func json(_ bytes: [UInt8]) -> [Bool] {
        var inValue = [Bool](repeating: false, count: bytes.count)
        var last: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let isValue = last == UInt8(ascii: ":") || last == UInt8(ascii: "[")
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    inValue[index] = isValue
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                last = UInt8(ascii: "\"")
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D: break
            default: last = byte
            }
            index += 1
        }
        return inValue
    }

    /// For each byte, whether it is inside a TOML string value.
    private static func toml(_ bytes: [UInt8]) -> [Bool] {
        var inValue = [Bool](repeating: false, count: bytes.count)
        var last: UInt8 = 0x0A
        var index = 0
        func run(of quote: UInt8, at start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] == quote { end += 1 }
            return end - start
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let isValue = last == UInt8(ascii: "=")
                let escapes = byte == UInt8(ascii: "\"")
                if run(of: byte, at: index) >= 3 {
                    // Multi-line: ends at the next run of three or more quotes, which may hold
                    // up to two quotes of the value.
                    index += 3
                    while index < bytes.count {
                        if bytes[index] == byte, run(of: byte, at: index) >= 3 {
                            index += run(of: byte, at: index) - 1
                            break
                        }
                        inValue[index] = isValue
                        if escapes, bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                } else {
                    index += 1
                    while index < bytes.count, bytes[index] != byte, bytes[index] != 0x0A {
                        inValue[index] = isValue
                        if escapes, bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                }
                last = byte
            case UInt8(ascii: "#"):
                while index + 1 < bytes.count, bytes[index + 1] != 0x0A { index += 1 }
            case 0x20, 0x09: break
            default: last = byte
            }
            index += 1
        }
        return inValue
    }

    /// For each byte, whether it comes after the first `=` of its line.
    private static func dotenv(_ bytes: [UInt8]) -> [Bool] {
        var inValue = [Bool](repeating: false, count: bytes.count)
        var afterEquals = false
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || byte == 0x0D {
                afterEquals = false
            } else if afterEquals {
                inValue[index] = true
            } else if byte == UInt8(ascii: "=") {
                afterEquals = true
            }
        }
        return inValue
    }
}
