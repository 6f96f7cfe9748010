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
    @inline(__always)
    private mutating func visit(_ value: PropertyValue) -> Bool {
        switch value {
        case .string(let text): return PlaceholderTemplate.mayHoldPlaceholder(text)
        case .array, .table:
            pending.append(value)
            return false
        default: return false
        }
    }
}
