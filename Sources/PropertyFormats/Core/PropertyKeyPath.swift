/// The flat spelling of a property key: the one rule that turns `"database.port"` into the
/// segments `database`, `port` and back.
///
/// - Segments are separated by `.`: `a.b.c` is `a` → `b` → `c`. An empty segment is written as
///   nothing: `.a` is `""` → `a`, and `""` alone is the one empty segment.
/// - A segment that contains a `.` or starts with `"` is written in double quotes, as TOML writes
///   it, with `"` and `\` inside escaped by `\`: the TOML table `[a."b.c"]` holds the property
///   `a."b.c".key`, which is a different property from `a.b.c.key`.
/// - A segment that starts with `"` but is not a well-formed quoted segment (no closing quote,
///   or text after it before the next `.`) is read as plain text up to the next `.`, so every
///   string is some key.
///
/// `segments(spelling(s)) == s` for every list of segments. Parsing and spelling are single
/// passes over the UTF-8 bytes. Every target that splits or spells a flat key uses this type, so
/// the loaders, the store and the `swinjectkit` command read each key the same way.
package enum PropertyKeyPath {
    /// The segments of a flat key.
    package static func segments(of key: String) -> [String] {
        var key = key
        return key.withUTF8 { segments(of: UnsafeRawBufferPointer($0)) }
    }

    /// The segments of a flat key given as UTF-8 bytes.
    package static func segments(of bytes: UnsafeRawBufferPointer) -> [String] {
        var result: [String] = []
        var cursor = 0
        while true {
            let segment = next(in: bytes, from: cursor)
            result.append(segment.text(in: bytes))
            guard segment.end < bytes.count else { return result }
            cursor = segment.end + 1
        }
    }

    /// The flat keys of the tables on the way to `key`, as `key` spells them: `a` and `a.b` for
    /// `a.b.c`, `a` and `a."b.c"` for `a."b.c".d`. A key of one segment has none.
    package static func ancestors(of key: String) -> [String] {
        var key = key
        return key.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var result: [String] = []
            var cursor = 0
            while true {
                let segment = next(in: bytes, from: cursor)
                guard segment.end < bytes.count else { return result }
                result.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<segment.end]), as: UTF8.self))
                cursor = segment.end + 1
            }
        }
    }

    /// One segment of a key being read: where its text is and where it ends (at the `.` that
    /// follows it, or at the end of the key).
    package struct Segment {
        /// The bytes of a plain segment, or of a quoted one without its quotes.
        package let start: Int
        package let count: Int
        /// Whether the text holds escapes (only a quoted segment can).
        package let escaped: Bool
        /// The offset of the `.` after the segment, or the key's length.
        package let end: Int

        /// The segment's text, escapes resolved.
        package func text(in bytes: UnsafeRawBufferPointer) -> String {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
            guard escaped else { return String(decoding: raw, as: UTF8.self) }
            return String(decoding: PropertyKeyPath.unescaped(raw), as: UTF8.self)
        }
    }

    /// The segment that starts at `cursor`.
    package static func next(in bytes: UnsafeRawBufferPointer, from cursor: Int) -> Segment {
        let count = bytes.count
        if cursor < count, bytes[cursor] == UInt8(ascii: "\"") {
            var index = cursor + 1
            var escaped = false
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < count {
                    escaped = true
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { break }
                index += 1
            }
            let closed = index < count
            if closed, index + 1 == count || bytes[index + 1] == UInt8(ascii: ".") {
                return Segment(start: cursor + 1, count: index - cursor - 1, escaped: escaped, end: index + 1)
            }
        }
        var end = cursor
        while end < count, bytes[end] != UInt8(ascii: ".") { end += 1 }
        return Segment(start: cursor, count: end - cursor, escaped: false, end: end)
    }

    /// The bytes of a quoted segment's inside with `\x` turned into `x`.
    package static func unescaped(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "\\"), index + 1 < raw.count { index += 1 }
            result.append(raw[index])
            index += 1
        }
        return result
    }

    /// The flat key of `segments`, quoting those that need it.
    package static func spelling<Segments: Sequence>(_ segments: Segments) -> String where Segments.Element == String {
        var bytes: [UInt8] = []
        var first = true
        for segment in segments {
            if !first { bytes.append(UInt8(ascii: ".")) }
            first = false
            append(segment, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one segment's spelling to a flat key being built.
    package static func append(_ segment: String, to bytes: inout [UInt8]) {
        var segment = segment
        segment.withUTF8 { PropertyTable.appendFlatKeySegment(UnsafeRawBufferPointer($0), to: &bytes) }
    }

    /// Whether a flat key is one plain segment (no `.`, no leading `"`), the common case that
    /// needs no parsing.
    package static func isSingleSegment(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { !PropertyTable.flatKeySegmentNeedsQuotes(UnsafeRawBufferPointer($0)) }
    }
}
