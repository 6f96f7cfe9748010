import PropertyFormats
import Synchronization

/// The properties of one container: a layer of batches over the layer of the container's
/// parent. Each applied loader adds one immutable ``PropertyBatch``; a key is looked up in the
/// newest batch first. Reads and writes are serialized by a mutex, and a loader's batch is
/// added in one step, so readers see all of a loader's keys or none of them.
final class PropertyStore: Sendable {
    let parent: PropertyStore?
    private struct State {
        var batches: [PropertyBatch] = []
        /// Every proper dot-prefix of every key (`a` and `a.b` for `a.b.c`), built on the first
        /// section lookup after a change, so a missing key is answered in constant time.
        var sections: Set<String>?
        /// This layer's records by key, built on the first call that needs them all (listing,
        /// describing, gathering a section) after a change.
        var records: [String: PropertyRecord]?
    }

    private let state = Mutex(State())
    /// Counts applied batches. Applying adds to it with release ordering after the batch is in
    /// `state`, and every reader loads it with acquire ordering before touching a batch. The
    /// mutex already orders the two; this makes that order visible to the thread sanitizer,
    /// which cannot see `Synchronization.Mutex` on Linux (see `Scripts/tsan.supp`), for the
    /// batch's own memory, which is written before it is published and never again.
    private let published = Atomic<Int>(0)

    init(parent: PropertyStore?) {
        self.parent = parent
    }

    /// Runs `body` on the locked state, after the acquire that pairs with ``apply(_:)``.
    @inline(__always)
    private func withBatches<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in
            _ = published.load(ordering: .acquiring)
            return body(&state)
        }
    }

    /// Adds a loader's properties; its keys replace equal keys of earlier batches.
    func apply(_ batch: PropertyBatch) {
        state.withLock { state in
            state.sections = nil
            state.records = nil
            state.batches.append(batch)
            published.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// The record stored under exactly `key` in this layer or the nearest ancestor that has it,
    /// with the sources of the values it replaced in that layer.
    func record(forExactKey key: String) -> PropertyRecord? {
        PropertyKeyQuery.with(key) { query in
            var layer: PropertyStore? = self
            while let current = layer {
                if let record = current.withBatches({ Self.record(for: query, key: key, in: $0.batches) }) {
                    return record
                }
                layer = current.parent
            }
            return nil
        }
    }

    private static func record(for query: PropertyKeyQuery, key: String, in batches: [PropertyBatch]) -> PropertyRecord?
    {
        for newest in batches.indices.reversed() {
            guard let offset = batches[newest].entryOffset(for: query, key: key) else { continue }
            var record = batches[newest].record(at: offset)
            for older in batches[..<newest].reversed() {
                guard let earlier = older.entryOffset(for: query, key: key) else { continue }
                let replaced = older.record(at: earlier)
                record.overridden.append(replaced.source)
                record.overridden.append(contentsOf: replaced.overridden)
            }
            return record
        }
        return nil
    }

    /// The value stored under exactly `key` in this layer or the nearest ancestor that has it;
    /// the fast path of ``lookup(_:)`` for readers that need only the value.
    func value(forExactKey key: String) -> PropertyValue? {
        PropertyKeyQuery.with(key) { query in
            if let value = ownValue(for: query, key: key) { return value }
            var layer = parent
            while let current = layer {
                if let value = current.ownValue(for: query, key: key) { return value }
                layer = current.parent
            }
            return nil
        }
    }

    @inline(__always)
    private func ownValue(for query: PropertyKeyQuery, key: String) -> PropertyValue? {
        withBatches { state in
            state.batches.withUnsafeBufferPointer { batches -> PropertyValue? in
                var newest = batches.count
                while newest > 0 {
                    newest -= 1
                    if let offset = batches[newest].entryOffset(for: query, key: key) {
                        return batches[newest].entries[offset].value
                    }
                }
                return nil
            }
        }
    }

    /// Whether some key in this layer or an ancestor starts with `prefix` followed by `.`.
    func hasSection(_ prefix: String) -> Bool {
        var layer: PropertyStore? = self
        while let current = layer {
            let found = current.withBatches { state in
                if state.sections == nil {
                    var sections = Set<String>()
                    for batch in state.batches {
                        for offset in batch.entries.indices {
                            let key = batch.key(at: offset)
                            var end = key.utf8.endIndex
                            while let dot = key.utf8[..<end].lastIndex(of: UInt8(ascii: ".")) {
                                let (inserted, _) = sections.insert(String(key[..<dot]))
                                if !inserted { break }
                                end = dot
                            }
                        }
                    }
                    state.sections = sections
                }
                return state.sections?.contains(prefix) ?? false
            }
            if found { return true }
            layer = current.parent
        }
        return false
    }

    /// Every visible record: this layer's keys over its ancestors' keys.
    func allRecords() -> [String: PropertyRecord] {
        let own = ownRecords()
        guard let parent else { return own }
        var merged = parent.allRecords()
        if merged.isEmpty { return own }
        for (key, record) in own {
            if let inherited = merged[key] {
                var record = record
                record.overridden.append(inherited.source)
                record.overridden.append(contentsOf: inherited.overridden)
                merged[key] = record
            } else {
                merged[key] = record
            }
        }
        return merged
    }

    /// This layer's records: every entry of every batch applied in order, a later key
    /// replacing an earlier one and recording its source. Built once per change.
    private func ownRecords() -> [String: PropertyRecord] {
        withBatches { state in
            if let records = state.records { return records }
            var records: [String: PropertyRecord] = [:]
            for batch in state.batches {
                for offset in batch.entries.indices {
                    let key = batch.key(at: offset)
                    let record = PropertyRecord(
                        key: key, value: batch.entries[offset].value, source: batch.source(at: offset), overridden: [])
                    if let previous = records.updateValue(record, forKey: key) {
                        records[key]?.overridden = [previous.source] + previous.overridden
                    }
                }
            }
            state.records = records
            return records
        }
    }
}
