import PropertyFormats

/// The properties one loader applied to a store, kept as the loader gave them and never changed
/// afterwards.
///
/// Keys are UTF-8 bytes in one buffer, found through a ``FingerprintIndex``, so applying a
/// loader builds no `String` and hashes no `String` per key. Keys compare as `String`s do: when
/// every key is ASCII, equal bytes is exactly that (queries are brought to their ASCII spelling
/// by ``PropertyKeyQuery``); a batch with any other key is indexed by `String` instead.
///
/// A key given twice is kept twice: the later entry is the one found, and it links to the
/// earlier one, whose source becomes one of the record's `overridden` sources.
final class PropertyBatch: @unchecked Sendable {
    // Unchecked: besides its constants, a batch owns two buffers that it fills in `init`,
    // only reads afterwards, and frees in `deinit`.

    struct Entry: Sendable {
        let sourceIndex: Int
        /// The entry this one replaced in the same batch, or -1.
        fileprivate(set) var replaced: Int
        let value: PropertyValue
        let position: SourcePosition
    }

    /// Where an entry's key is in ``keyBytes``: kept apart from the entries so that comparing
    /// keys touches no value.
    fileprivate struct KeySpan {
        let start: Int
        let count: Int
    }

    /// Every entry in the order the loader gave them, replaced ones included.
    let entries: [Entry]
    private let keyBytes: UnsafeMutableRawBufferPointer
    private let keySpans: UnsafeMutableBufferPointer<KeySpan>
    private let sourceNames: [String]
    /// The index of a batch whose keys are all ASCII (empty otherwise).
    private let byteIndex: FingerprintIndex
    /// The index of a batch with a non-ASCII key, or nil when ``byteIndex`` is the index.
    private let stringIndex: [String: Int]?
    /// Whether some key was given more than once.
    let hasReplacedKeys: Bool

    fileprivate init(builder: consuming Builder) {
        var entries = builder.entries
        keyBytes = .allocate(byteCount: builder.keyBytes.count, alignment: 8)
        builder.keyBytes.withUnsafeBytes { [keyBytes] in keyBytes.copyMemory(from: $0) }
        keySpans = .allocate(capacity: builder.keySpans.count)
        _ = keySpans.initialize(from: builder.keySpans)
        sourceNames = builder.sourceNames
        if builder.allASCII {
            byteIndex = builder.index
            stringIndex = nil
            hasReplacedKeys = builder.hasReplacedKeys
        } else {
            // Replay with `String` keys, whose equality also joins canonically equivalent spellings.
            var index = [String: Int](minimumCapacity: entries.count)
            var replacedAny = false
            for offset in entries.indices {
                let key = String(
                    decoding: Self.bytes(of: keySpans[offset], in: UnsafeRawBufferPointer(keyBytes)), as: UTF8.self)
                let previous = index.updateValue(offset, forKey: key)
                entries[offset].replaced = previous ?? -1
                if previous != nil { replacedAny = true }
            }
            byteIndex = FingerprintIndex(minimumCapacity: 0)
            stringIndex = index
            hasReplacedKeys = replacedAny
        }
        self.entries = entries
    }

    deinit {
        keyBytes.deallocate()
        keySpans.deallocate()
    }

    /// A batch of loaded properties, in order.
    convenience init(_ properties: [LoadedProperty]) {
        var builder = Builder(expectedCount: properties.count)
        for property in properties {
            let source = builder.sourceIndex(for: property.source.name)
            builder.add(
                key: property.key, value: property.value, position: property.source.position, sourceIndex: source)
        }
        self.init(builder: builder)
    }

    /// A batch built by `fill`, which adds each property to the builder in order.
    convenience init(expectedCount: Int, _ fill: (inout Builder) throws -> Void) rethrows {
        var builder = Builder(expectedCount: expectedCount)
        try fill(&builder)
        self.init(builder: builder)
    }

    /// The offset of the entry found for `key` (prepared as `query`): the last one given under
    /// an equivalent key.
    @inline(__always)
    func entryOffset(for query: PropertyKeyQuery, key: String) -> Int? {
        if let stringIndex { return stringIndex[key] }
        guard let bytes = query.asciiBytes else { return nil }
        let arena = UnsafeRawBufferPointer(keyBytes)
        let spans = UnsafeBufferPointer(keySpans)
        return byteIndex.offset(of: query.fingerprint) { offset in
            ExactKey.sameBytes(Self.bytes(of: spans[offset], in: arena), bytes)
        }
    }

    /// The key of an entry, as the loader spelled it.
    func key(at offset: Int) -> String {
        String(decoding: Self.bytes(of: keySpans[offset], in: UnsafeRawBufferPointer(keyBytes)), as: UTF8.self)
    }

    /// The source of an entry: the loader's source name and the entry's position.
    func source(at offset: Int) -> PropertySource {
        PropertySource(name: sourceNames[entries[offset].sourceIndex], position: entries[offset].position)
    }

    /// The record for the entry at `offset`, with the sources of the entries it replaced in
    /// this batch, most recent first.
    func record(at offset: Int) -> PropertyRecord {
        var overridden: [PropertySource] = []
        var earlier = entries[offset].replaced
        while earlier >= 0 {
            overridden.append(source(at: earlier))
            earlier = entries[earlier].replaced
        }
        return PropertyRecord(
            key: key(at: offset), value: entries[offset].value, source: source(at: offset), overridden: overridden)
    }

    /// The entries as loaded properties, in order.
    var loadedProperties: [LoadedProperty] {
        entries.indices.map { offset in
            LoadedProperty(key: key(at: offset), value: entries[offset].value, source: source(at: offset))
        }
    }

    @inline(__always)
    fileprivate static func bytes(of span: KeySpan, in arena: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: arena[span.start..<(span.start + span.count)])
    }

    /// Collects a batch's entries: copies each key's bytes once and indexes them as it goes.
    struct Builder {
        fileprivate var entries: [Entry] = []
        fileprivate var keyBytes: [UInt8] = []
        fileprivate var keySpans: [KeySpan] = []
        fileprivate var sourceNames: [String] = []
        private var sourceIndices: [String: Int] = [:]
        fileprivate var index: FingerprintIndex
        fileprivate var allASCII = true
        fileprivate var hasReplacedKeys = false

        fileprivate init(expectedCount: Int) {
            entries.reserveCapacity(expectedCount)
            keySpans.reserveCapacity(expectedCount)
            keyBytes.reserveCapacity(expectedCount * 24)
            index = FingerprintIndex(minimumCapacity: expectedCount)
        }

        /// The number that stands for the source `name` in ``add(key:value:position:sourceIndex:)``.
        mutating func sourceIndex(for name: String) -> Int {
            if let last = sourceNames.last, last == name { return sourceNames.count - 1 }
            if let known = sourceIndices[name] { return known }
            sourceIndices[name] = sourceNames.count
            sourceNames.append(name)
            return sourceNames.count - 1
        }

        /// Adds a property under a `String` key (its UTF-8 bytes).
        mutating func add(key: String, value: PropertyValue, position: SourcePosition, sourceIndex: Int) {
            var key = key
            key.withUTF8 { bytes in
                add(key: UnsafeRawBufferPointer(bytes), value: value, position: position, sourceIndex: sourceIndex)
            }
        }

        /// Adds one property; a key given before is replaced, and the replaced entry is kept.
        mutating func add(key: UnsafeRawBufferPointer, value: PropertyValue, position: SourcePosition, sourceIndex: Int)
        {
            if allASCII && !ASCIIBytes.all(key) { allASCII = false }
            let fingerprint = ExactKey.fingerprint(of: key)
            let span = KeySpan(start: keyBytes.count, count: key.count)
            keyBytes.append(contentsOf: key)
            let offset = keySpans.count
            let replaced = keyBytes.withUnsafeBytes { arena in
                keySpans.withUnsafeBufferPointer { spans in
                    index.replace(fingerprint, offset: offset) { other in
                        ExactKey.sameBytes(PropertyBatch.bytes(of: spans[other], in: arena), key)
                    }
                }
            }
            if replaced != nil { hasReplacedKeys = true }
            keySpans.append(span)
            entries.append(Entry(sourceIndex: sourceIndex, replaced: replaced ?? -1, value: value, position: position))
        }
    }
}
