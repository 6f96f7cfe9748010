import PropertyFormats

/// The errors of placeholder resolution. Each names the property whose value holds the
/// placeholder, at its source and line:column, and never quotes the value, which may be a
/// secret: only keys, byte offsets and limits.
extension PlaceholderResolution {
    func malformed(
        _ failure: PlaceholderTemplate.Failure, key: String, source: Int32, position: SourcePosition
    ) -> PropertyLoaderError {
        let message: String
        switch failure {
        case .unterminated(let offset):
            message =
                "property \"\(key)\" has a \"${\" at byte \(offset) of its value with no closing \"}\""
                + " (write \"$${\" for a literal \"${\")"
        case .emptyKey(let offset):
            message = "property \"\(key)\" has an empty placeholder \"${}\" at byte \(offset) of its value"
        case .nested(let offset):
            message =
                "property \"\(key)\" has a placeholder inside another at byte \(offset) of its value;"
                + " placeholders do not nest"
        case .environment(let name):
            message =
                "property \"\(key)\" uses ${env:\(name)}; the env: prefix is not supported: apply an"
                + " EnvironmentPropertyLoader and refer to the key it sets"
        }
        return PropertyLoaderError(
            .malformedPlaceholder, source: raw.sources[Int(source)].name, message: message, position: position)
    }

    func missing(_ key: String, in slot: Slot) -> PropertyLoaderError {
        error(
            .unresolvedPlaceholder, in: slot,
            "placeholder ${\(key)} in property \"\(slot.key)\" names a property that no loader set, and has no"
                + " default (${\(key):-default} gives one)")
    }

    func notInsertable(_ key: String, kind: String, in slot: Slot) -> PropertyLoaderError {
        error(
            .unresolvedPlaceholder, in: slot,
            "placeholder ${\(key)} in property \"\(slot.key)\" names a \(kind), which cannot be inserted into text")
    }

    func cycle(_ stack: [Int], closingAt other: Int) -> PropertyLoaderError {
        let start = stack.firstIndex(of: other) ?? 0
        let chain = (stack[start...] + [other]).map { slots[$0].key }.joined(separator: " -> ")
        return error(.placeholderCycle, in: slots[other], "placeholders form a cycle: \(chain)")
    }

    func tooDeep(_ chain: [Int]) -> PropertyLoaderError {
        var keys = chain.map { slots[$0].key }
        if keys.count > 8 { keys = keys.prefix(4) + ["…"] + keys.suffix(3) }
        return error(
            .placeholderLimit, in: slots[chain[0]],
            "placeholders nest more than \(limits.maxDepth) deep (PlaceholderLimits.maxDepth): "
                + keys.joined(separator: " -> "))
    }

    func checkSize(_ count: Int, of slot: Slot) throws(PropertyLoaderError) {
        guard count > limits.maxValueBytes else { return }
        throw error(
            .placeholderLimit, in: slot,
            "property \"\(slot.key)\" expands to more than \(limits.maxValueBytes) bytes"
                + " (PlaceholderLimits.maxValueBytes)")
    }

    private func error(_ code: PropertyLoaderError.Code, in slot: Slot, _ message: String) -> PropertyLoaderError {
        PropertyLoaderError(code, source: raw.sources[Int(slot.source)].name, message: message, position: slot.position)
    }
}
