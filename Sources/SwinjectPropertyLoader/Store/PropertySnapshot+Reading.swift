import PropertyFormats

extension PropertySnapshot {
    /// What a key names in the snapshot.
    enum Found {
        /// A table of the snapshot (a section).
        case table(SnapshotTable)
        /// A value, or a value inside an array.
        case value(PropertyNode, source: Int32)
    }

    /// The node a flat key names, walking one segment at a time: tables by member name, arrays
    /// by canonical index, values inside arrays by member name or index.
    func find(_ key: String) -> Found? {
        Self.withBytes(of: key) { find($0) }
    }

    /// Runs `body` on the UTF-8 bytes of `key`, copying them only when the string does not store
    /// them contiguously (a bridged string).
    private static func withBytes<Result>(
        of key: String, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        if let result = key.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var native = key
        return native.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    private func find(_ bytes: UnsafeRawBufferPointer) -> Found? {
        Self.find(bytes, from: .table(root), at: 0)
    }

    /// The walk of ``find(_:)`` from `current`, the node the key's bytes before `cursor` name.
    private static func find(_ bytes: UnsafeRawBufferPointer, from current: Found, at cursor: Int) -> Found? {
        var current = current
        var cursor = cursor
        while true {
            let segment = PropertyKeyPath.next(in: bytes, from: cursor)
            guard let next = step(from: current, segment: segment, in: bytes) else { return nil }
            current = next
            guard segment.end < bytes.count else { return current }
            cursor = segment.end + 1
        }
    }

    private static func step(from current: Found, segment: PropertyKeyPath.Segment, in bytes: UnsafeRawBufferPointer)
        -> Found?
    {
        switch current {
        case .table(let table):
            guard let offset = offset(of: segment, in: table, bytes) else { return nil }
            switch table.nodes[offset] {
            case .table(let nested): return .table(nested)
            case .value(let node, let source): return .value(node, source: source)
            }
        case .value(let node, let source):
            guard let inner = member(of: node, segment.text(in: bytes)) else { return nil }
            return .value(inner, source: source)
        }
    }

    /// The offset of the member of `table` that `segment` of `bytes` names.
    private static func offset(
        of segment: PropertyKeyPath.Segment, in table: SnapshotTable, _ bytes: UnsafeRawBufferPointer
    )
        -> Int?
    {
        guard !segment.escaped, table.searchesBytes else { return table.offset(of: segment.text(in: bytes)) }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[segment.start..<(segment.start + segment.count)])
        return ASCIIBytes.all(raw) ? table.offset(ofASCII: raw) : table.offset(of: segment.text(in: bytes))
    }

    /// The element or member of a value named by one segment: an array element by canonical
    /// decimal index (`0`, `12`; not `+1`, `01`, `-0`), a table member by name.
    static func member(of node: PropertyNode, _ segment: String) -> PropertyNode? {
        switch node.value {
        case .array(let elements):
            guard let index = canonicalIndex(segment), index < elements.count else { return nil }
            return elements[index]
        case .table(let table):
            return table[segment]
        default:
            return nil
        }
    }

    /// A non-negative decimal integer without sign or leading zeros, or nil.
    static func canonicalIndex(_ text: String) -> Int? {
        let digits = text.utf8
        guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        if first == UInt8(ascii: "0") && digits.count > 1 { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflow || carry { return nil }
            value = sum
        }
        return value
    }

    /// The value a key names: a leaf's value, or a section gathered into a table.
    func value(_ key: String) -> PropertyValue? {
        Self.withBytes(of: key) { value($0) }
    }

    /// ``find(_:)`` for ``value(_:)``: it walks the tables without building a ``Found`` at each
    /// step, the cost of every read of a leaf, and hands a walk into a value to ``find(_:)``'s.
    private func value(_ bytes: UnsafeRawBufferPointer) -> PropertyValue? {
        var table = root
        var cursor = 0
        while true {
            let segment = PropertyKeyPath.next(in: bytes, from: cursor)
            guard let offset = Self.offset(of: segment, in: table, bytes) else { return nil }
            let isLast = segment.end >= bytes.count
            switch table.nodes[offset] {
            case .table(let nested):
                if isLast {
                    // A value beside members comes first; reads that want the section fall back
                    // to ``converted(beside:as:_:)``.
                    if let own = nested.own { return own.node.value }
                    return .table(Self.gather(nested).table)
                }
                table = nested
            case .value(let node, let source):
                if isLast { return node.value }
                switch Self.find(bytes, from: .value(node, source: source), at: segment.end + 1) {
                case .value(let inner, _): return inner.value
                case .table(let nested): return .table(Self.gather(nested).table)
                case nil: return nil
                }
            }
            cursor = segment.end + 1
        }
    }

    /// The record a key names, with its source and the sources it overrode.
    func record(_ key: String) -> PropertyRecord? {
        guard let found = find(key) else { return nil }
        let path = PropertyKeyPath.segments(of: key)
        let versions = self.versions(at: path)
        switch found {
        case .value(let node, let source):
            // A table value is not one of the versions; any other value is the first.
            let older = node.value.isTable ? versions[...] : versions.dropFirst()
            return PropertyRecord(
                key: key, value: node.value, source: self.source(source, at: node.position), overridden: Array(older))
        case .table(let table):
            if let own = table.own {
                // The key's own value is its record; the members have theirs.
                return PropertyRecord(
                    key: key, value: own.node.value, source: self.source(own.source, at: own.node.position),
                    overridden: Array(versions.dropFirst()))
            }
            let gathered = Self.gather(table)
            if let origin = table.origin {
                return PropertyRecord(
                    key: key, value: .table(gathered.table), source: self.source(origin.source, at: origin.position),
                    overridden: versions)
            }
            let first = gathered.first.map { ", first from \(self.source($0.source, at: $0.position))" } ?? ""
            let count = gathered.leaves == 1 ? "1 property" : "\(gathered.leaves) properties"
            let source = PropertySource(name: "section \"\(key)\" (\(count)\(first))")
            return PropertyRecord(key: key, value: .table(gathered.table), source: source, overridden: versions)
        }
    }

    /// For a key that holds a value and members (``SnapshotTable/own``), the read as `T` when the
    /// value does not convert: the value with the text rules when a text source set it, else the
    /// members as a section. Nil for any other key, or when neither converts.
    func converted<T>(
        beside key: String, as type: T.Type, _ context: TextAwareConversion.Context = .init()
    ) -> T? {
        guard case .table(let table)? = find(key), let own = table.own else { return nil }
        if isText(own.source), own.node.value != .null,
            let converted = try? TextAwareConversion.convert(.value(own.node.value, text: true), to: T.self, context)
        {
            return converted
        }
        return try? TextAwareConversion.convert(.section(table, self), to: T.self, context)
    }

    /// A snapshot table as a property table, built bottom-up with an explicit stack: time and
    /// memory linear in its members. Also counts the leaves and finds the first one's source.
    static func gather(_ table: SnapshotTable) -> (
        table: PropertyTable, leaves: Int, first: (source: Int32, position: SourcePosition)?
    ) {
        var frames: [(table: SnapshotTable, next: Int, entries: [PropertyTable.Entry])] = [(table, 0, [])]
        var leaves = 0
        var first: (source: Int32, position: SourcePosition)?
        while true {
            let top = frames.count - 1
            let next = frames[top].next
            let current = frames[top].table
            if next < current.count {
                frames[top].next = next + 1
                let member = current.member(at: next)
                switch member.node {
                case .table(let nested):
                    frames.append((nested, 0, []))
                    frames[frames.count - 1].entries.reserveCapacity(nested.count)
                case .value(let node, let source):
                    leaves += 1
                    if first == nil { first = (source, node.position) }
                    frames[top].entries.append(PropertyTable.Entry(key: member.name, node: node))
                }
                continue
            }
            let finished = frames.removeLast()
            let built = PropertyTable(finished.entries)
            guard let parent = frames.indices.last else { return (built, leaves, first) }
            let name = frames[parent].table.member(at: frames[parent].next - 1).name
            let position = finished.table.origin?.position ?? .unknown
            frames[parent].entries.append(
                PropertyTable.Entry(key: name, node: PropertyNode(.table(built), at: position)))
        }
    }

    /// The sources of every value at `path`, most recent first: the current one and each it
    /// replaced, in this snapshot or the ones it was built from. Tables are not values here (a
    /// table has members from any number of sources); every leaf ever set at `path` is.
    func versions(at path: [String]) -> [PropertySource] {
        var result: [PropertySource] = []
        // Newer nodes are pushed last, so they and everything under them come out first.
        var pending: [(node: SnapshotNode, depth: Int)] = [(.table(root), 0)]
        while let (node, depth) = pending.popLast() {
            switch node {
            case .table(let table):
                guard depth < path.count else {
                    if let own = table.own { result.append(self.source(own.source, at: own.node.position)) }
                    continue
                }
                guard let offset = table.offset(of: path[depth]) else { continue }
                let member = table.member(at: offset)
                for shadow in member.shadows.reversed() { pending.append((shadow, depth + 1)) }
                pending.append((member.node, depth + 1))
            case .value(var leaf, let source):
                var found = true
                for segment in path[depth...] {
                    guard let inner = Self.member(of: leaf, segment) else {
                        found = false
                        break
                    }
                    leaf = inner
                }
                if found, !leaf.value.isTable { result.append(self.source(source, at: leaf.position)) }
            }
        }
        return result
    }
}

extension PropertyValue {
    /// Whether the value is a table.
    var isTable: Bool {
        if case .table = self { return true }
        return false
    }
}
