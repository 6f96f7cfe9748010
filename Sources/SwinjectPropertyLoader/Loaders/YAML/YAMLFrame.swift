#if YAML
    import PropertyFormats

    /// A sequence or mapping that ``YAMLComposer`` has opened and not yet closed.
    struct YAMLFrame {
        /// Mappings above this many entries find duplicate keys through a dictionary; smaller
        /// ones scan their entries.
        private static let indexThreshold = 12

        let isMapping: Bool
        let position: SourcePosition
        let anchor: String?
        var elements: [PropertyNode] = []
        var entries: [PropertyTable.Entry] = []
        /// The offset of each key in ``entries``, once the mapping is large.
        private var keyOffsets: [String: Int] = [:]
        /// The key whose value comes next.
        private var pendingKey: (key: String, position: SourcePosition, isMerge: Bool)?
        /// Mappings named by `<<` keys, in the order their keys take precedence.
        private var merges: [PropertyTable] = []
        private var mergePositions: [SourcePosition] = []
        /// The values in this collection, itself included, counting aliases in full.
        var count = 1
        /// The levels of collections this one spans, itself included.
        var height = 1

        init(isMapping: Bool, position: SourcePosition, anchor: String?) {
            self.isMapping = isMapping
            self.position = position
            self.anchor = anchor
        }

        /// Whether the next scalar or alias is a key.
        var expectsKey: Bool { isMapping && pendingKey == nil }

        /// Records the key of the next value; a key already in the mapping is an error naming
        /// both places.
        mutating func setKey(_ key: String, at position: SourcePosition, isMerge: Bool) throws(ParseError) {
            if !isMerge, let first = offset(of: key) {
                let earlier = entries[first].keyPosition
                throw ParseError(
                    .duplicateKey,
                    "duplicate key \"\(key)\": first defined at line \(earlier.line), column \(earlier.column)",
                    at: position, related: earlier)
            }
            if isMerge, let earlier = mergePositions.first {
                throw ParseError(
                    .duplicateKey,
                    "duplicate merge key \"<<\": first at line \(earlier.line), column \(earlier.column); "
                        + "list several mappings as one sequence (<<: [*a, *b])",
                    at: position, related: earlier)
            }
            pendingKey = (key, position, isMerge)
        }

        /// Adds a finished value: the next element, or the value of the pending key.
        mutating func add(_ node: PropertyNode, count: Int, height: Int) throws(ParseError) {
            self.count += count
            self.height = max(self.height, height + 1)
            guard isMapping else {
                elements.append(node)
                return
            }
            guard let key = pendingKey else { return }
            pendingKey = nil
            if key.isMerge {
                try addMerge(node, at: key.position)
                return
            }
            if entries.count == Self.indexThreshold {
                for (offset, entry) in entries.enumerated() { keyOffsets[entry.key] = offset }
            }
            if entries.count >= Self.indexThreshold { keyOffsets[key.key] = entries.count }
            entries.append(PropertyTable.Entry(key: key.key, keyPosition: key.position, node: node))
        }

        private func offset(of key: String) -> Int? {
            if entries.count > Self.indexThreshold { return keyOffsets[key] }
            return entries.firstIndex { $0.key == key }
        }

        /// `<<: *defaults` or `<<: [*a, *b]`: the mappings whose keys this mapping takes where it
        /// has none of its own.
        private mutating func addMerge(_ node: PropertyNode, at position: SourcePosition) throws(ParseError) {
            mergePositions.append(position)
            switch node.value {
            case .table(let table):
                merges.append(table)
                return
            case .array(let nodes):
                for element in nodes {
                    guard case .table(let table) = element.value else { break }
                    merges.append(table)
                }
                if merges.count == nodes.count { return }
            default:
                break
            }
            throw ParseError(
                .syntax, "a merge key \"<<\" takes a mapping or a sequence of mappings, not \(node.value.kindName)",
                at: node.position)
        }

        /// Adds the keys of merged mappings that the mapping does not set itself; returns how
        /// many were added.
        mutating func applyMerges() throws(ParseError) -> Int {
            guard !merges.isEmpty else { return 0 }
            var present = Set<String>(minimumCapacity: entries.count)
            for entry in entries { present.insert(entry.key) }
            let before = entries.count
            for table in merges {
                for entry in table.entries where present.insert(entry.key).inserted {
                    entries.append(entry)
                }
            }
            return entries.count - before
        }
    }
#endif
