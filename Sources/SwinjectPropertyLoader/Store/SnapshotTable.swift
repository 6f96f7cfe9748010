import PropertyFormats

/// A node of a ``PropertySnapshot``: a table, or a value set by one loader.
enum SnapshotNode {
    /// A table whose members can come from different loaders, and which may also hold a value
    /// of its own (``SnapshotTable/own``).
    case table(SnapshotTable)
    /// A value with the source it came from (an index into ``PropertySnapshot/sources``). Arrays
    /// are values: they are replaced whole and never merged into, though a read can index them.
    case value(PropertyNode, source: Int32)
}

/// One table of a ``PropertySnapshot``, with its members in the order they were first set.
///
/// ## A value beside members
///
/// A key is a path, and upstream SwinjectPropertyLoader kept flat keys, so `"test"` and
/// `"test.string"` are two keys there: `{"test": "scalar", "test.string": "dotted"}` reads both.
/// A table therefore holds, besides its members, an optional value of its own (``own``): the
/// scalar set at its key. A read of the key gives that value when it converts to the type asked
/// for, and the members (a section) otherwise, so `property("test") as String?` is `"scalar"`,
/// `property("test.string")` is `"dotted"`, and `property("test") as [String: Any]?` or a
/// `Decodable` read gives `["string": "dotted"]`. A section gathered from a parent lists the
/// members only; the value is read at its own key. Arrays are never a table's own value (a path
/// indexes into them). Two values for one full key in one source still fail
/// (``SameLoaderConflict``).
///
/// Between loaders the value and the members are separate slots: a later scalar replaces the
/// value and keeps the members, a later table replaces (or, merged deep, merges into) the members
/// and keeps the value, and a later array replaces both
/// (``SnapshotBuilder/keepOtherSlot(of:besides:in:named:)``).
///
/// A table is written only by the ``SnapshotBuilder`` whose `generation` made it, before the
/// snapshot is published; afterwards it is shared, read-only, by that snapshot and every later
/// one that did not change it (a builder copies a table of an older generation before writing).
///
/// Members are found by name as `String`s compare (canonically equivalent spellings are one
/// member): through the bytes of names and queries while every name is ASCII, which is the
/// same thing once a query is spelled in ASCII (``PropertyKeyQuery``), and through a `String`
/// index otherwise. Tables of more than ``indexThreshold`` members keep a hash index, so a
/// lookup costs the same for ten members or a million.
final class SnapshotTable: @unchecked Sendable {
    // Unchecked: mutated only by the builder that owns it, before it is published behind the
    // store's lock; read-only after. For the same reason the fields a lookup reads need no
    // run-time exclusivity check, which would otherwise cost every read of a published table.

    /// Member names, as first spelled (a later equivalent spelling replaces the value only).
    // Benchmark: property.container, property.inFactory, placeholders.apply.100k-keys-10k-refs
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// Member nodes, parallel to ``names``.
    @exclusivity(unchecked) private(set) var nodes: [SnapshotNode] = []
    /// For a member that replaced earlier nodes at the same name, those nodes, most recent
    /// first: the history that provenance (``PropertyRecord/overridden``) is read from.
    private(set) var shadows: [Int: [SnapshotNode]] = [:]
    /// The source and position of the value this table was read from whole (a JSON object, a
    /// TOML table), or nil when loaders assembled it.
    var origin: (source: Int32, position: SourcePosition)?
    /// The scalar set at this table's own key beside its members (see above), with its source.
    var own: (node: PropertyNode, source: Int32)?
    /// The number of the last batch that set something under this table (``SnapshotBuilder``).
    var writtenBy = 0
    /// The builder that made this table and may still write it.
    let generation: Int

    /// Whether every member name is ASCII.
    // Benchmark: property.container, property.inFactory, placeholders.apply.100k-keys-10k-refs
    @exclusivity(unchecked) private var asciiNames = true
    /// Offsets by name fingerprint, for an ASCII table larger than ``indexThreshold``.
    @exclusivity(unchecked) private var byteIndex: FingerprintIndex?
    /// Offsets by name, once any name is not ASCII.
    @exclusivity(unchecked) private var stringIndex: [String: Int]?

    /// Up to this many members a lookup scans the names.
    static let indexThreshold = 8
    /// Up to this many members a table set whole stays one value, searched member by member
    /// (as fast as hashing for tables this small, and it costs nothing to apply); a larger one
    /// becomes a snapshot table.
    static let valueScanLimit = 64

    init(generation: Int) {
        self.generation = generation
    }

    /// A copy owned by `generation`.
    func copy(generation: Int) -> SnapshotTable {
        let copy = SnapshotTable(generation: generation)
        copy.names = names
        copy.nodes = nodes
        copy.shadows = shadows
        copy.origin = origin
        copy.own = own
        copy.asciiNames = asciiNames
        copy.byteIndex = byteIndex
        copy.stringIndex = stringIndex
        return copy
    }

    var count: Int { nodes.count }

    /// The offset of the member named `name`.
    func offset(of name: String) -> Int? {
        if let stringIndex { return stringIndex[name] }
        var native = name
        let ascii = native.withUTF8 { bytes -> Int?? in
            let raw = UnsafeRawBufferPointer(bytes)
            return ASCIIBytes.all(raw) ? .some(offset(ofASCII: raw)) : nil
        }
        if let ascii { return ascii }
        guard let spelled = PropertyKeyQuery.asciiSpelling(of: name) else { return nil }
        return spelled.withUnsafeBytes { offset(ofASCII: $0) }
    }

    /// The offset of the member whose name is the ASCII `bytes`, in a table with only ASCII
    /// names. Returns nil in a table with other names: use ``offset(of:)`` there.
    func offset(ofASCII bytes: UnsafeRawBufferPointer) -> Int? {
        if let byteIndex {
            return names.withUnsafeBufferPointer { names in
                byteIndex.offset(of: ExactKey.fingerprint(of: bytes)) { Self.name(names[$0], equals: bytes) }
            }
        }
        return names.withUnsafeBufferPointer { names in
            for offset in 0..<names.count where Self.name(names[offset], equals: bytes) { return offset }
            return nil
        }
    }

    /// Whether this table is searched by ``offset(ofASCII:)``.
    var searchesBytes: Bool { stringIndex == nil }

    private static func name(_ name: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
        if let same = name.utf8.withContiguousStorageIfAvailable({
            ExactKey.sameBytes(UnsafeRawBufferPointer($0), bytes)
        }) {
            return same
        }
        var copy = name
        return copy.withUTF8 { ExactKey.sameBytes(UnsafeRawBufferPointer($0), bytes) }
    }

    /// Sets the member `name` to `node`, keeping the node it replaces as its shadow; returns that
    /// node. Only the owning builder calls this.
    @discardableResult
    func set(_ name: String, _ node: SnapshotNode) -> SnapshotNode? {
        guard let offset = offsetOrAppend(name, node) else { return nil }
        let replaced = nodes[offset]
        shadows[offset, default: []].insert(replaced, at: 0)
        nodes[offset] = node
        return replaced
    }

    /// Undoes the last ``set(_:_:)`` of the member at `offset`: the node it replaced is the
    /// member again. Only the owning builder calls this.
    func revertSet(at offset: Int) {
        guard var replaced = shadows[offset], !replaced.isEmpty else { return }
        nodes[offset] = replaced.removeFirst()
        shadows[offset] = replaced.isEmpty ? nil : replaced
    }

    /// Records `node` as replaced at the member at `offset`, most recent first, without changing
    /// the member: for a table's own value (``own``) that a later one replaced. Only the owning
    /// builder calls this.
    func addShadow(_ node: SnapshotNode, at offset: Int) {
        shadows[offset, default: []].insert(node, at: 0)
    }

    /// Adds the member `name` with `node` unless there is one; whether it was added. Only the
    /// owning builder calls this.
    func appendIfAbsent(_ name: String, _ node: SnapshotNode) -> Bool {
        offsetOrAppend(name, node) == nil
    }

    /// Makes room for `count` members in an empty table, with its index when it will need one,
    /// so that filling it grows nothing.
    func reserveCapacity(_ count: Int) {
        guard nodes.isEmpty else { return }
        names.reserveCapacity(count)
        nodes.reserveCapacity(count)
        if count > Self.indexThreshold, stringIndex == nil, byteIndex == nil {
            byteIndex = FingerprintIndex(minimumCapacity: count)
        }
    }

    /// The offset of the member `name`, or nil after appending it with `node`: one lookup for
    /// both, and for an ASCII name one fingerprint.
    private func offsetOrAppend(_ name: String, _ node: SnapshotNode) -> Int? {
        if stringIndex == nil {
            var native = name
            let found = native.withUTF8 { bytes -> Int?? in
                let raw = UnsafeRawBufferPointer(bytes)
                guard ASCIIBytes.all(raw) else { return .none }
                return .some(offsetOrAppend(ascii: raw, name, node))
            }
            if let found { return found }
        }
        if let offset = offset(of: name) { return offset }
        append(name, node)
        return nil
    }

    /// ``offsetOrAppend(_:_:)`` for a name whose bytes are ASCII, in a table of ASCII names.
    private func offsetOrAppend(ascii bytes: UnsafeRawBufferPointer, _ name: String, _ node: SnapshotNode) -> Int? {
        let offset = nodes.count
        if byteIndex != nil {
            let fingerprint = ExactKey.fingerprint(of: bytes)
            let existing = names.withUnsafeBufferPointer { names in
                byteIndex?.offsetOrInsert(fingerprint, offset: offset) { Self.name(names[$0], equals: bytes) }
            }
            if let existing { return existing }
            names.append(name)
            nodes.append(node)
            return nil
        }
        let existing = names.withUnsafeBufferPointer { names -> Int? in
            for offset in 0..<names.count where Self.name(names[offset], equals: bytes) { return offset }
            return nil
        }
        if let existing { return existing }
        names.append(name)
        nodes.append(node)
        if nodes.count > Self.indexThreshold { buildByteIndex() }
        return nil
    }

    /// Fills an empty table with members whose names are ASCII and distinct, indexed by
    /// `index` (a parser's, by ``ExactKey`` fingerprints of the names), so that no name is
    /// hashed or compared again. A table that is not empty gets the members one by one.
    func fill(names: [String], nodes: [SnapshotNode], index: FingerprintIndex) {
        guard self.nodes.isEmpty, stringIndex == nil, names.count == nodes.count, index.count == names.count else {
            for offset in names.indices where offset < nodes.count { set(names[offset], nodes[offset]) }
            return
        }
        self.names = names
        self.nodes = nodes
        byteIndex = index
    }

    /// Replaces the member at `offset` in place, without recording a shadow: for a table
    /// replaced by its own writable copy.
    func replaceInPlace(at offset: Int, with node: SnapshotNode) {
        nodes[offset] = node
    }

    /// Adds a member known to be absent.
    private func append(_ name: String, _ node: SnapshotNode) {
        let offset = nodes.count
        names.append(name)
        nodes.append(node)
        if stringIndex != nil {
            stringIndex?[name] = offset
            return
        }
        var name = name
        let ascii = name.withUTF8 { ASCIIBytes.all(UnsafeRawBufferPointer($0)) }
        if !ascii {
            asciiNames = false
            byteIndex = nil
            var index = [String: Int](minimumCapacity: names.count)
            for (offset, name) in names.enumerated() { index[name] = offset }
            stringIndex = index
            return
        }
        if byteIndex != nil {
            name.withUTF8 { byteIndex?.insert(ExactKey.fingerprint(of: UnsafeRawBufferPointer($0)), offset: offset) }
        } else if nodes.count > Self.indexThreshold {
            buildByteIndex()
        }
    }

    /// Indexes every name by fingerprint, once the table outgrows a scan.
    private func buildByteIndex() {
        var index = FingerprintIndex(minimumCapacity: nodes.count * 2)
        for (offset, var name) in names.enumerated() {
            name.withUTF8 { index.insert(ExactKey.fingerprint(of: UnsafeRawBufferPointer($0)), offset: offset) }
        }
        byteIndex = index
    }

    /// The member at `offset`: its name, its node and the nodes it replaced, most recent first.
    func member(at offset: Int) -> (name: String, node: SnapshotNode, shadows: [SnapshotNode]) {
        (names[offset], nodes[offset], shadows.isEmpty ? [] : shadows[offset] ?? [])
    }

    deinit {
        // Tables nest as deep as keys have segments; release the tables only this one holds
        // with a worklist instead of one nested `deinit` per level.
        guard nodes.contains(where: { if case .table = $0 { true } else { false } }) || !shadows.isEmpty else {
            return
        }
        var pending: [SnapshotTable] = []
        Self.detach(&nodes, &shadows, into: &pending)
        while var table = pending.popLast() {
            if isKnownUniquelyReferenced(&table) { Self.detach(&table.nodes, &table.shadows, into: &pending) }
        }
    }

    private static func detach(
        _ nodes: inout [SnapshotNode], _ shadows: inout [Int: [SnapshotNode]], into pending: inout [SnapshotTable]
    ) {
        for node in nodes { if case .table(let table) = node { pending.append(table) } }
        for node in shadows.values.joined() { if case .table(let table) = node { pending.append(table) } }
        nodes = []
        shadows = [:]
    }
}
