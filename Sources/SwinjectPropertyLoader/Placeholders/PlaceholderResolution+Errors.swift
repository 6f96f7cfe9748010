import PropertyFormats

/// The errors of placeholder resolution. Each names the property whose value holds the
/// placeholder, at its source and line:column, and never quotes the value, which may be a
/// secret: only keys, byte offsets and limits. The key a placeholder names is text from inside
/// the value, so in a secret value (by its source or its key) a placeholder is given by
/// its byte offset alone.
extension PlaceholderResolution {
    /// Whether the value of `key`, set by the source at `source`, is secret: by the source or by
    /// the container's ``PropertySecrets``.
    func isSecret(_ key: String, source: Int32) -> Bool {
        raw.sources[Int(source)].isSecret || secrets.isSecret(key)
    }

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
        case .environment(let name, let offset):
            let use =
                isSecret(key, source: source)
                ? "property \"\(key)\" has an env: placeholder at byte \(offset) of its secret value"
                : "property \"\(key)\" uses ${env:\(name)}"
            message =
                use + "; the env: prefix is not supported: apply an EnvironmentPropertyLoader and refer to the key"
                + " it sets"
        }
        return PropertyLoaderError(
            .malformedPlaceholder, source: raw.sources[Int(source)].name, message: message, position: position)
    }

    func missing(_ key: String, at offset: Int, in slot: Slot) -> PropertyLoaderError {
        if isSecret(slot.key, source: slot.source) {
            return error(
                .unresolvedPlaceholder, in: slot,
                "placeholder at byte \(offset) of secret property \"\(slot.key)\" names a property no loader set,"
                    + " and has no default")
        }
        return error(
            .unresolvedPlaceholder, in: slot,
            "placeholder ${\(key)} in property \"\(slot.key)\" names a property that no loader set, and has no"
                + " default (${\(key):-default} gives one)")
    }

    func notInsertable(_ key: String, kind name: String, at offset: Int, in slot: Slot) -> PropertyLoaderError {
        let kind = (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
        if isSecret(slot.key, source: slot.source) {
            return error(
                .unresolvedPlaceholder, in: slot,
                "placeholder at byte \(offset) of secret property \"\(slot.key)\" names \(kind), which cannot be"
                    + " inserted into text")
        }
        return error(
            .unresolvedPlaceholder, in: slot,
            "placeholder ${\(key)} in property \"\(slot.key)\" names \(kind), which cannot be inserted into text")
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
