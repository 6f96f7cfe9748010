/// A string value split into literal text and `${key}` placeholders.
///
/// - `${key}` inserts the property `key` (a flat key, as ``PropertyKey`` spells it);
/// - `${key:-default}` inserts `default` (literal text up to the first `}`) when `key` is not
///   set or is `null`;
/// - `$${` is a literal `${`; any other `$` is itself.
///
/// A placeholder cannot nest (`${a.${b}}`) and cannot span a `}` in its default. The `env:`
/// prefix is reserved: the environment reaches properties through a loader, with provenance
/// and secret marking, never behind the loaders' back.
struct PlaceholderTemplate {
    enum Part {
        case text([UInt8])
        /// `${key}` or `${key:-fallback}`, whose `$` is at byte `offset` of the value.
        case reference(key: String, fallback: String?, offset: Int)
    }

    /// Why a string is not a template. Offsets count UTF-8 bytes from 0; messages name offsets
    /// rather than quote the text, which may be a secret.
    enum Failure: Error {
        /// `${` at `offset` with no `}` after it.
        case unterminated(offset: Int)
        /// `${}` at `offset`.
        case emptyKey(offset: Int)
        /// `${a.${b}}`: a placeholder at `offset` holds another.
        case nested(offset: Int)
        /// `${env:NAME}` at `offset`, with the name as written, cut to 80 bytes.
        case environment(name: String, offset: Int)
    }

    let parts: [Part]

    /// Whether `text` may hold a placeholder or an escape: one pass looking for `$`.
    static func mayHoldPlaceholder(_ text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "$")) }) {
            return found
        }
        return text.utf8.contains(UInt8(ascii: "$"))
    }

    /// The parts of `text`, or nil when it has no placeholder and no escape (it stays as it is).
    static func parse(_ text: String) throws(Failure) -> PlaceholderTemplate? {
        var text = text
        return try text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<PlaceholderTemplate?, Failure> {
        var parts: [Part] = []
        var literal: [UInt8] = []
        var changed = false
        var index = 0
        let dollar = UInt8(ascii: "$")
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while index < bytes.count {
            // Text up to the next `$` is copied as one run.
            var next = index
            while next < bytes.count, bytes[next] != dollar { next += 1 }
            if next > index {
                literal.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<next]))
                index = next
                continue
            }
            if index + 2 < bytes.count, bytes[index + 1] == dollar, bytes[index + 2] == open {
                literal.append(contentsOf: [dollar, open])
                index += 3
                changed = true
                continue
            }
            guard index + 1 < bytes.count, bytes[index + 1] == open else {
                literal.append(dollar)
                index += 1
                continue
            }
            let start = index + 2
            var end = start
            while end < bytes.count, bytes[end] != close { end += 1 }
            guard end < bytes.count else { return .failure(.unterminated(offset: index)) }
            var keyEnd = end
            var fallback: String?
            var cursor = start
            while cursor + 1 < end {
                if bytes[cursor] == UInt8(ascii: ":"), bytes[cursor + 1] == UInt8(ascii: "-") {
                    keyEnd = cursor
                    fallback = String(decoding: bytes[(cursor + 2)..<end], as: UTF8.self)
                    break
                }
                cursor += 1
            }
            let keyBytes = bytes[start..<keyEnd]
            guard !keyBytes.isEmpty else { return .failure(.emptyKey(offset: index)) }
            var previous: UInt8 = 0
            for byte in bytes[start..<end] {
                if previous == dollar, byte == open { return .failure(.nested(offset: index)) }
                previous = byte
            }
            if keyBytes.starts(with: "env:".utf8) {
                let name = String(decoding: keyBytes.dropFirst(4), as: UTF8.self)
                return .failure(.environment(name: Self.shortened(name), offset: index))
            }
            if !literal.isEmpty {
                parts.append(.text(literal))
                literal = []
            }
            parts.append(
                .reference(key: String(decoding: keyBytes, as: UTF8.self), fallback: fallback, offset: index))
            changed = true
            index = end + 1
        }
        guard changed else { return .success(nil) }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return .success(PlaceholderTemplate(parts: parts))
    }

    /// The template is exactly one placeholder, whose value may then keep its type.
    var isSingleReference: Bool {
        if parts.count == 1, case .reference = parts[0] { return true }
        return false
    }

    /// A placeholder as messages show it, cut to 80 bytes.
    static func shortened(_ text: String) -> String {
        text.utf8.count > 80 ? String(decoding: text.utf8.prefix(77), as: UTF8.self) + "..." : text
    }
}
