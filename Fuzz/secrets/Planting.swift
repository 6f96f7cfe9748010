// Where the secrets target puts its marker: each byte 0x01 that stands inside a value, never
// inside a key (key names are shown by design). The scan is cautious: it replaces a byte only
// where the parsers cannot read a key, and keeps it everywhere else.
//
// - JSON: inside a string that follows `:` or `[` (comments skipped; a key follows `{` or `,`);
// - TOML: inside a string of any quoting that follows `=` on the same line (a key follows a line
//   start, `.`, `{`, `,` or `[`);
// - .env: inside a quoted value, or after the `=` or `:` of a line up to its end for an unquoted
//   one (a name may follow a closing quote on its line).

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

    /// For each byte, whether it is inside a .env value: after the `=` or `:` that ends a line's
    /// name, inside the quotes of a quoted value (which may span lines), or up to the line end of
    /// an unquoted one. A name may follow a closing quote on its line, and a comment line holds
    /// no value.
    private static func dotenv(_ bytes: [UInt8]) -> [Bool] {
        var inValue = [Bool](repeating: false, count: bytes.count)
        var inName = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                inName = true
            } else if !inName {
                inValue[index] = true
            } else if byte == UInt8(ascii: "#") {
                while index + 1 < bytes.count, bytes[index + 1] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ":") {
                inName = false
                while index + 1 < bytes.count, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 { index += 1 }
                if index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "'")
                {
                    index = quoted(bytes, from: index + 1, marking: &inValue)
                    inName = true
                }
            }
            index += 1
        }
        return inValue
    }

    /// Marks the value of the quoted .env value that opens at `start` and returns the index of
    /// its closing quote: `\` escapes any byte in double quotes and only a quote in single ones.
    private static func quoted(_ bytes: [UInt8], from start: Int, marking inValue: inout [Bool]) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != quote {
            inValue[index] = true
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                quote == UInt8(ascii: "\"") || bytes[index + 1] == quote
            {
                index += 1
                inValue[index] = true
            }
            index += 1
        }
        return index
    }
}
