import Foundation
import PropertyFormats

/// Finds whether any string in a value holds a `$`, the byte every placeholder and escape
/// starts with (``PlaceholderTemplate/mayHoldPlaceholder(_:)``).
///
/// Arrays and tables are walked with an explicit stack that one scan keeps between values, so
/// looking through the many values of a build allocates nothing per value; a scalar that is
/// not a string costs one comparison.
struct DollarScan {
    /// Containers still to look through.
    private var pending: [PropertyValue] = []

    /// Whether any string in `value` holds a `$`.
    mutating func mayHoldPlaceholder(_ value: PropertyValue) -> Bool {
        switch value {
        case .string(let text): return PlaceholderTemplate.mayHoldPlaceholder(text)
        case .array, .table: break
        default: return false
        }
        pending.removeAll(keepingCapacity: true)
        pending.append(value)
        while let container = pending.popLast() {
            switch container {
            case .array(let elements):
                for index in elements.indices where visit(elements[index].value) { return true }
            case .table(let table):
                for index in table.entries.indices where visit(table.entries[index].node.value) { return true }
            default:
                break
            }
        }
        return false
    }

    /// Whether `value` is a string with a `$`; a container is kept for later.
    private mutating func visit(_ value: PropertyValue) -> Bool {
        switch value {
        case .string(let text): return PlaceholderTemplate.mayHoldPlaceholder(text)
        case .array, .table:
            pending.append(value)
            return false
        default: return false
        }
    }

    /// Whether text read from `bytes` may contain a `$`: a `$` byte, or an escape that spells
    /// one (JSON `\u0024`, TOML `\U00000024`). Conservative (a backslash is not checked for
    /// being escaped itself), so a `false` is certain and lets a build skip looking at values.
    static func bytesMayHoldDollar(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        if memchr(base, Int32(UInt8(ascii: "$")), bytes.count) != nil { return true }
        var offset = 0
        while offset < bytes.count,
            let found = memchr(base + offset, Int32(UInt8(ascii: "\\")), bytes.count - offset)
        {
            let escape = base.distance(to: UnsafeRawPointer(found))
            if spellsDollar(bytes, escape: escape) { return true }
            offset = escape + 1
        }
        return false
    }

    /// Whether the escape at the backslash at `escape` is `\u0024` or `\U00000024`.
    private static func spellsDollar(_ bytes: UnsafeRawBufferPointer, escape: Int) -> Bool {
        let digits: StaticString
        switch escape + 1 < bytes.count ? bytes[escape + 1] : 0 {
        case UInt8(ascii: "u"): digits = "0024"
        case UInt8(ascii: "U"): digits = "00000024"
        default: return false
        }
        let start = escape + 2
        guard bytes.count - start >= digits.utf8CodeUnitCount else { return false }
        return digits.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[start + $0] == expected[$0] }
        }
    }
}
