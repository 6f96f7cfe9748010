import PropertyFormats

/// The expected values of a conformance check as leaves by flat key: a table stands for its
/// leaves; arrays and scalars are leaves. Walked with an explicit stack.
enum ExpectedLeaves {
    static func flatten(_ expected: KeyValuePairs<String, TestPropertyValue>) -> [(key: String, value: PropertyValue)] {
        var leaves: [(key: String, value: PropertyValue)] = []
        var pending: [(key: String, value: PropertyValue)] = expected.reversed().map { ($0.key, $0.value.value) }
        while let (key, value) = pending.popLast() {
            guard case .table(let table) = value, !table.entries.isEmpty else {
                leaves.append((key, value))
                continue
            }
            for entry in table.entries.reversed() {
                let segment = entry.key.contains(".") ? "\"\(entry.key)\"" : entry.key
                pending.append((key + "." + segment, entry.node.value))
            }
        }
        return leaves
    }
}
