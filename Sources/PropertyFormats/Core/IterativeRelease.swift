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
        while let current = stack.popLast() {
            switch consume current {
            case .array(var nodes):
                for offset in nodes.indices { moveChild(of: &nodes[offset], to: &stack) }
            case .table(var table):
                for offset in table.entries.indices { moveChild(of: &table.entries[offset].node, to: &stack) }
            default:
                break
            }
        }
    }

    /// Moves a node's value (and the value its own ``IterativeRelease`` holds, which is the
    /// same container) onto `stack` when it is a container.
    @inline(__always)
    private static func moveChild(of node: inout PropertyNode, to stack: inout [PropertyValue]) {
        guard node.value.isContainer else { return }
        if let release = node.release {
            node.release = nil
            _ = take(&release.value)
        }
        stack.append(take(&node.value))
    }

    @inline(__always)
    private static func take(_ value: inout PropertyValue) -> PropertyValue {
        let taken = value
        value = .null
        return taken
    }
}
