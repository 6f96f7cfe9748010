/// Takes a deep tree of values apart with an explicit stack when it is released.
///
/// Releasing nested arrays and tables would otherwise recurse once per level (each buffer
/// releases its elements, which release theirs), and a document parsed with a raised
/// ``ParseLimits/maxDepth`` could overflow the stack when it is dropped. The parsers give every
/// ``interval``-th level of a tree a node holding one of these, with a second reference to the
/// node's container: when the tree is released, the release of that container ends here, after
/// at most ``interval`` levels of recursion, and ``dismantle(_:)`` releases the levels below
/// one at a time.
final class IterativeRelease: @unchecked Sendable {
    // Unchecked: `value` is written only in `deinit`, which runs once, when no other reference
    // to this object is left.

    /// Levels between two nodes that hold one of these.
    static let interval = 64

    private var value: PropertyValue

    init(_ value: PropertyValue) {
        self.value = value
    }

    deinit {
        Self.dismantle(Self.take(&value))
    }

    /// Releases `root` and everything below it without recursion. Each container is emptied
    /// before it is dropped: its children go onto the stack, so dropping the container itself
    /// releases nothing nested. Children shared with other trees survive with those trees.
    static func dismantle(_ root: consuming PropertyValue) {
        var stack: [PropertyValue] = [root]
        while var current = stack.popLast() {
            if var nodes = takeElements(of: &current) {
                for offset in nodes.indices { moveChild(of: &nodes[offset], to: &stack) }
            } else if var table = takeTable(of: &current) {
                for offset in table.entries.indices { moveChild(of: &table.entries[offset].node, to: &stack) }
            }
        }
    }

    /// An array's elements, taken out of `value` (left `.null`). Out of line, so that no copy
    /// made while matching outlives the call and the caller holds the only reference.
    @inline(never)
    private static func takeElements(of value: inout PropertyValue) -> [PropertyNode]? {
        guard case .array(let nodes) = value else { return nil }
        value = .null
        return nodes
    }

    /// A table, taken out of `value` (left `.null`), as ``takeElements(of:)``.
    @inline(never)
    private static func takeTable(of value: inout PropertyValue) -> PropertyTable? {
        guard case .table(let table) = value else { return nil }
        value = .null
        return table
    }

    /// Moves a node's value onto `stack` when it is a container. A node with its own
    /// ``IterativeRelease`` that nothing else holds hands over the helper's reference too (the
    /// same container); when a copy of the node elsewhere shares the helper, the helper keeps
    /// the container alive, so dropping this node's reference releases nothing nested and the
    /// helper is left to the copy.
    private static func moveChild(of node: inout PropertyNode, to stack: inout [PropertyValue]) {
        guard node.value.isContainer else { return }
        if node.release != nil {
            guard isKnownUniquelyReferenced(&node.release) else {
                node.release = nil
                return
            }
            if let release = node.release {
                node.release = nil
                _ = take(&release.value)
            }
        }
        stack.append(take(&node.value))
    }

    private static func take(_ value: inout PropertyValue) -> PropertyValue {
        let taken = value
        value = .null
        return taken
    }
}
