#if YAML
    import Foundation
    import PropertyFormats

    /// Types YAML scalars by the YAML 1.2 core schema.
    ///
    /// A plain (unquoted) scalar is `null` (`null`, `Null`, `NULL`, `~` or nothing), a Boolean
    /// (`true`, `True`, `TRUE`, `false`, `False`, `FALSE`), an integer (`[-+]?[0-9]+`, `0o[0-7]+`,
    /// `0x[0-9a-fA-F]+`), a float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
    /// `[-+]?.inf`, `.nan` in three capitalizations) or otherwise a string. A quoted or block
    /// scalar is a string. The core tags `!!str`, `!!int`, `!!float`, `!!bool`, `!!null` and
    /// `!!binary` (base64) force a type; the non-specific tag `!` makes a string.
    ///
    /// YAML 1.1 spellings (`yes`, `on`, `0777` as octal, `1_000`, dates) are strings, and so is
    /// a plain `0x…` or `0o…` scalar too large for a 64-bit integer (a key written in hex).
    ///
    /// Errors give the scalar's position and the type it was expected to have, never its text,
    /// which may be a secret.
    enum YAMLScalar {
        static let tagPrefix = "tag:yaml.org,2002:"

        /// The value of a scalar whose bytes are `text`.
        static func value(
            _ text: UnsafeRawBufferPointer, plain: Bool, tag: String?, at position: SourcePosition
        ) throws(ParseError) -> PropertyValue {
            guard let tag else {
                return plain ? resolvePlain(text) : .string(string(text))
            }
            switch tag {
            case "!", tagPrefix + "str":
                return .string(string(text))
            case tagPrefix + "null":
                guard case .null = resolvePlain(text) else {
                    throw mismatch(tag: "null", at: position)
                }
                return .null
            case tagPrefix + "bool":
                guard case .bool(let value) = resolvePlain(text) else {
                    throw mismatch(tag: "bool", at: position)
                }
                return .bool(value)
            case tagPrefix + "int":
                let value = resolvePlain(text)
                switch value {
                case .integer, .bigInteger: return value
                default:
                    if isRadixInteger(text) {
                        throw ParseError(.invalidNumber, "!!int scalar does not fit in a 64-bit integer", at: position)
                    }
                    throw mismatch(tag: "int", at: position)
                }
            case tagPrefix + "float":
                switch resolvePlain(text) {
                case .float(let value): return .float(value)
                case .integer(let value): return .float(Double(value))
                default: throw mismatch(tag: "float", at: position)
                }
            case tagPrefix + "binary":
                guard let data = Data(base64Encoded: string(text), options: .ignoreUnknownCharacters) else {
                    throw ParseError(.syntax, "!!binary scalar is not base64", at: position)
                }
                return .data(data)
            default:
                throw ParseError(.syntax, "unsupported tag \(displayTag(tag)) on a scalar", at: position)
            }
        }

        /// `!!int` rather than the full `tag:yaml.org,2002:int`.
        static func displayTag(_ tag: String) -> String {
            tag.hasPrefix(tagPrefix) ? "!!" + tag.dropFirst(tagPrefix.count) : tag
        }

        static func string(_ text: UnsafeRawBufferPointer) -> String {
            // libyaml has checked that the text is UTF-8.
            String(decoding: text, as: UTF8.self)
        }

        /// A scalar that its tag's type cannot read, named by the tag alone.
        private static func mismatch(tag: String, at position: SourcePosition) -> ParseError {
            ParseError(
                tag == "int" || tag == "float" ? .invalidNumber : .syntax,
                "scalar is not a valid !!\(tag)", at: position)
        }

        /// The core schema's type of a plain scalar.
        static func resolvePlain(_ text: UnsafeRawBufferPointer) -> PropertyValue {
            guard let first = text.first else { return .null }
            switch first {
            case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
                if isOneOf(text, ["~", "null", "Null", "NULL"]) { return .null }
            case UInt8(ascii: "t"), UInt8(ascii: "T"):
                if isOneOf(text, ["true", "True", "TRUE"]) { return .bool(true) }
            case UInt8(ascii: "f"), UInt8(ascii: "F"):
                if isOneOf(text, ["false", "False", "FALSE"]) { return .bool(false) }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                if let number = number(text) { return number }
            default:
                break
            }
            return .string(string(text))
        }

        private static func isOneOf(_ text: UnsafeRawBufferPointer, _ spellings: [StaticString]) -> Bool {
            for spelling in spellings where spelling.utf8CodeUnitCount == text.count {
                let bytes = UnsafeRawBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
                if bytes.elementsEqual(text) { return true }
            }
            return false
        }

        /// An integer or float by the core schema, or nil when the text is neither.
        private static func number(_ text: UnsafeRawBufferPointer) -> PropertyValue? {
            let count = text.count
            if count > 2, text[0] == UInt8(ascii: "0") {
                if text[1] == UInt8(ascii: "x") { return radixInteger(text, radix: 16) }
                if text[1] == UInt8(ascii: "o") { return radixInteger(text, radix: 8) }
            }
            var index = 0
            let negative = text[0] == UInt8(ascii: "-")
            if negative || text[0] == UInt8(ascii: "+") { index = 1 }
            let body = UnsafeRawBufferPointer(rebasing: text[index...])
            if isOneOf(body, [".inf", ".Inf", ".INF"]) { return .float(negative ? -.infinity : .infinity) }
            if index == 0, isOneOf(body, [".nan", ".NaN", ".NAN"]) { return .float(.nan) }
            let digitsStart = index
            while index < count, isDigit(text[index]) { index += 1 }
            let integerDigits = index - digitsStart
            if index == count {
                guard integerDigits > 0 else { return nil }
                return decimalInteger(text, digitsStart: digitsStart, negative: negative)
            }
            var fractionDigits = 0
            if text[index] == UInt8(ascii: ".") {
                index += 1
                while index < count, isDigit(text[index]) {
                    index += 1
                    fractionDigits += 1
                }
            }
            guard integerDigits > 0 || fractionDigits > 0 else { return nil }
            if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
                index += 1
                if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
                let exponentStart = index
                while index < count, isDigit(text[index]) { index += 1 }
                guard index > exponentStart else { return nil }
            }
            guard index == count, let value = Double(string(text)) else { return nil }
            return .float(value)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// A decimal integer; one too large for `Int64` is kept as its digits.
        private static func decimalInteger(
            _ text: UnsafeRawBufferPointer, digitsStart: Int, negative: Bool
        ) -> PropertyValue {
            var magnitude: UInt64 = 0
            var overflow = false
            for byte in text[digitsStart...] {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = sum
            }
            if !overflow {
                if negative, magnitude <= UInt64(Int64.max) + 1 {
                    return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
                }
                if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            }
            var digits = Substring(string(UnsafeRawBufferPointer(rebasing: text[digitsStart...])))
            while digits.count > 1, digits.first == "0" { digits = digits.dropFirst() }
            return .bigInteger((negative ? "-" : "") + digits)
        }

        /// Whether `text` is `0x` or `0o` followed only by digits of that radix.
        private static func isRadixInteger(_ text: UnsafeRawBufferPointer) -> Bool {
            guard text.count > 2, text[0] == UInt8(ascii: "0") else { return false }
            let radix: UInt8
            switch text[1] {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            default: return false
            }
            return text[2...].allSatisfy { digit($0).map { $0 < radix } ?? false }
        }

        /// The value of one hexadecimal digit, or nil.
        private static func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// `0x…` or `0o…`; nil when a digit is out of range or the value does not fit in
        /// `Int64` (the scalar is then a string).
        private static func radixInteger(_ text: UnsafeRawBufferPointer, radix: Int64) -> PropertyValue? {
            var value: Int64 = 0
            for byte in text[2...] {
                guard let digit = digit(byte).map(Int64.init), digit < radix else { return nil }
                let (times, o1) = value.multipliedReportingOverflow(by: radix)
                let (sum, o2) = times.addingReportingOverflow(digit)
                if o1 || o2 { return nil }
                value = sum
            }
            return .integer(value)
        }
    }
#endif
