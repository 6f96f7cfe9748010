import PropertyFormats

/// The read interface the resolver extensions use. Each call takes the current snapshot once
/// and answers from it alone (see ``PropertySnapshot`` for the walk and the merge model).
extension PropertyStore {
    /// The record `key` names: a leaf with its source and the sources it overrode, or a
    /// section gathered into a table.
    func lookup(_ key: String) -> PropertyRecord? {
        snapshot().record(key)
    }

    /// The value ``lookup(_:)`` finds, without building a record or a provenance list.
    func lookupValue(_ key: String) -> PropertyValue? {
        snapshot().value(key)
    }

    /// The record of `key`. There is one answer per key, so this is ``lookup(_:)``.
    func record(forExactKey key: String) -> PropertyRecord? {
        lookup(key)
    }

    /// Every leaf visible from this container, keyed by its flat key.
    func allRecords() -> [String: PropertyRecord] {
        snapshot().allRecords()
    }
}
