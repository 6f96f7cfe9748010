import PropertyFormats
import Synchronization

/// The properties of one container: a layer of records over the layer of the container's
/// parent. Reads and writes are serialized by a mutex; a loader's properties are applied in
/// one critical section, so readers see all of a loader's keys or none of them.
final class PropertyStore: Sendable {
    let parent: PropertyStore?
    private struct State {
        var records: [String: PropertyRecord] = [:]
        /// Every proper dot-prefix of every key (`a` and `a.b` for `a.b.c`), built on the first
        /// section lookup after a change, so a missing key is answered in constant time.
        var sections: Set<String>?
    }

    private let state = Mutex(State())

    init(parent: PropertyStore?) {
        self.parent = parent
    }

    /// Applies properties in order; a later key replaces an earlier one.
    func apply(_ properties: [LoadedProperty]) {
        state.withLock { state in
            state.sections = nil
            state.records.reserveCapacity(state.records.count + properties.count)
            for property in properties {
                // One hash for a new key; a replaced key then records what it overrides.
                let record = PropertyRecord(
                    key: property.key, value: property.value, source: property.source, overridden: [])
                if let previous = state.records.updateValue(record, forKey: property.key) {
                    state.records[property.key]?.overridden = [previous.source] + previous.overridden
                }
            }
        }
    }

    /// The record stored under exactly `key` in this layer or the nearest ancestor that has it.
    func record(forExactKey key: String) -> PropertyRecord? {
        var layer: PropertyStore? = self
        while let current = layer {
            if let record = current.state.withLock({ $0.records[key] }) { return record }
            layer = current.parent
        }
        return nil
    }

    /// The value stored under exactly `key` in this layer or the nearest ancestor that has it;
    /// the fast path of ``lookup(_:)`` for readers that need only the value.
    func value(forExactKey key: String) -> PropertyValue? {
        var layer: PropertyStore? = self
        while let current = layer {
            let value = current.state.withLock { state -> PropertyValue? in
                guard let index = state.records.index(forKey: key) else { return nil }
                return state.records.values[index].value
            }
            if let value { return value }
            layer = current.parent
        }
        return nil
    }

    /// Whether some key in this layer or an ancestor starts with `prefix` followed by `.`.
    func hasSection(_ prefix: String) -> Bool {
        var layer: PropertyStore? = self
        while let current = layer {
            let found = current.state.withLock { state in
                if state.sections == nil {
                    var sections = Set<String>()
                    for key in state.records.keys {
                        var end = key.utf8.endIndex
                        while let dot = key.utf8[..<end].lastIndex(of: UInt8(ascii: ".")) {
                            let (inserted, _) = sections.insert(String(key[..<dot]))
                            if !inserted { break }
                            end = dot
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
        var merged = parent?.allRecords() ?? [:]
        let own = state.withLock { $0.records }
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
}
