import Foundation
import PropertyFormats

/// Converts the text of a text-only source (``PropertySource/valuesAreText``: environment
/// variables, `.env` files, command-line arguments, files of a directory) to a requested scalar
/// type or list, following the text column of the Conversion table article.
///
/// The rules, each on the text with leading and trailing ASCII spaces, tabs, carriage returns
/// and line feeds removed (a `String` is the text exactly as stored):
/// - integers: decimal digits with an optional `+` or `-`, in range of the type (`"30"`);
/// - `Double`, `Float`: Swift's floating-point literal syntax (`"1.5"`, `"-2e3"`, `"inf"`,
///   `"nan"`); a finite value too large for a `Float` does not convert;
/// - `Decimal`: an optional sign, digits with an optional fraction, an optional exponent;
/// - `Bool`: `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`, in any letter case;
/// - `Date`: ISO 8601 date and time (`2024-01-31T08:00:00Z`); `Data`: base64; `URL`: a
///   non-empty valid URL;
/// - lists: see ``listItems(of:)``.
enum TextConversion {
    /// `text` converted to the scalar `type`, or nil when `type` is not a scalar of the table or
    /// the text does not spell one. Lists, optionals and raw-value types are handled by
    /// ``TextAwareConversion``.
    static func scalar<T>(_ text: String, as type: T.Type) -> T?? {
        if T.self == String.self { return .some(text as? T) }
        if T.self == Int.self { return .some(integer(text, as: Int.self) as? T) }
        if T.self == Bool.self { return .some(bool(text) as? T) }
        if T.self == Double.self { return .some(double(text) as? T) }
        if let integerType = T.self as? any FixedWidthInteger.Type {
            return .some(integer(text, as: integerType) as? T)
        }
        if T.self == Float.self { return .some(float(text) as? T) }
        if T.self == Decimal.self { return .some(decimal(text) as? T) }
        if T.self == URL.self { return .some(url(text) as? T) }
        if T.self == Date.self { return .some(date(text) as? T) }
        if T.self == Data.self { return .some(data(text) as? T) }
        if T.self == Any.self { return .some(text as? T) }
        return nil
    }

    /// Whether ``scalar(_:as:)`` converts to `type`.
    static func isScalar(_ type: Any.Type) -> Bool {
        type == String.self || type is any FixedWidthInteger.Type || type == Bool.self || type == Double.self
            || type == Float.self || type == Decimal.self || type == URL.self || type == Date.self || type == Data.self
    }

    static func integer<I: FixedWidthInteger>(_ text: String, as type: I.Type) -> I? {
        // `I(_:radix:)` takes an optional sign and digits only, and is nil when out of range.
        I(trimmed(text), radix: 10)
    }

    static func double(_ text: String) -> Double? {
        Double(trimmed(text))
    }

    static func float(_ text: String) -> Float? {
        let spelled = trimmed(text)
        guard let float = Float(spelled) else { return nil }
        // A finite number too large for a Float reads as infinity: refuse it, as the typed table does.
        if float.isInfinite, let double = Double(spelled), double.isFinite { return nil }
        return float
    }

    static func decimal(_ text: String) -> Decimal? {
        let spelled = trimmed(text)
        guard isDecimalLiteral(spelled.utf8) else { return nil }
        return Decimal(string: spelled, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `[+-]? digits ('.' digits?)? ([eE] [+-]? digits)?`, or a fraction without integer digits
    /// (`.5`). `Decimal(string:)` alone would read the leading number of `"1.5abc"`.
    private static func isDecimalLiteral(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index = bytes.index(after: index)
                count += 1
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index = bytes.index(after: index)
        }
        var digits = skipDigits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index = bytes.index(after: index)
            }
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }

    /// The Boolean spellings, lower-cased.
    private static let spellings: [(String, Bool)] = [
        ("true", true), ("false", false), ("yes", true), ("no", false), ("on", true), ("off", false),
        ("1", true), ("0", false),
    ]

    static func bool(_ text: String) -> Bool? {
        let spelled = trimmed(text)
        guard spelled.utf8.count <= 5 else { return nil }
        let lowered = String(decoding: spelled.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        return spellings.first { $0.0 == lowered }?.1
    }

    static func url(_ text: String) -> URL? {
        let spelled = trimmed(text)
        guard !spelled.isEmpty else { return nil }
        return URL(string: spelled)
    }

    static func date(_ text: String) -> Date? {
        try? Date(trimmed(text), strategy: .iso8601)
    }

    static func data(_ text: String) -> Data? {
        Data(base64Encoded: trimmed(text))
    }

    /// The items of a text read as a list.
    ///
    /// Items are separated by commas; `\,` is a comma inside an item and `\\` a backslash, and
    /// any other backslash is kept as written. Leading and trailing spaces and tabs of each item
    /// are removed. A text that is empty once trimmed is the empty list; `"a"` is a list of one
    /// item; `"a,,b"` has an empty item in the middle.
    static func listItems(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        if trimmedRange(of: bytes).isEmpty { return [] }
        var items: [String] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: ",") || bytes[index + 1] == UInt8(ascii: "\\")
            {
                current.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: ",") {
                items.append(item(current))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
            index += 1
        }
        items.append(item(current))
        return items
    }

    private static func item(_ bytes: [UInt8]) -> String {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `text` without leading and trailing ASCII whitespace (space, tab, CR, LF).
    static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        let array = Array(bytes)
        return String(decoding: array[trimmedRange(of: array)], as: UTF8.self)
    }

    private static func trimmedRange(of bytes: [UInt8]) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
