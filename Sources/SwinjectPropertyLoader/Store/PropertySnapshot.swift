import PropertyFormats

/// The merged properties of a container at one moment: an immutable tree of key segments with
/// the source of every leaf. Every read derives from it, so no two reads can disagree.
///
/// ## The merge model
///
/// Loaders apply in order, and a later loader wins. What a loader's value replaces depends
/// only on the key it sets:
///
/// | a later loader sets | what it replaces |
/// | --- | --- |
/// | `database` to a table (a JSON or property list dictionary, a custom loader's `[String: Any]`) | everything earlier loaders set under `database.`, whether they flattened it or not; a scalar at `database` itself stays beside the new members |
/// | `database` to an array (a JSON or property list array, a custom loader's `[Any]`) | everything at and under `database` |
/// | `database` to a scalar or `null` | the scalar at `database` only; the members under `database.` stay |
/// | the flattened key `database.port` (every leaf of a TOML table or a Swift value, a dotted JSON or custom key) | that leaf only; the other members of `database` stay |
/// | anything, applied with ``PropertyMerge/deep`` | leaf by leaf: a table merges into the earlier table key by key; a scalar replaces the scalar at its key, an array everything at its key |
///
/// A key with dots sets a path: `{"a.b": 1}` from JSON is the leaf `b` of the table `a`, as
/// `[a] b = 1` is in TOML; a member name that contains a dot is a single segment, spelled in
/// quotes in a flat key (`a."b.c".key`, see ``PropertyKeyPath``). A key may hold a scalar and
/// members at once (``SnapshotTable/own``): a path through a scalar keeps it as the table's own
/// value, and between loaders the scalar and the members are replaced separately, as the table
/// says. A later loader setting a path through an array turns it into a table; one loader that
/// gives one full key two values fails instead (``SameLoaderConflict``). An empty TOML table and
/// an empty table merged leaf by leaf add nothing; a whole empty table (`{"a": {}}`) replaces
/// the members at `a` with none. Arrays are values that hold no scalar beside them: replaced
/// whole, never merged, but readable by index (`servers.0.host`).
///
/// ## Reads
///
/// A key is split into segments and walked from the root: into tables by member name (names
/// compare as `String`s do), into arrays by canonical decimal index. What the walk ends on is
/// the answer of every read path: the value for `property`, `requiredProperty`, `PropertyKey`;
/// a table gathered from its members for a section, `[String: Any]` and `Decodable`; its source
/// for `propertySource`; its leaves for `propertyKeys`, `propertiesDescription` and
/// `allRecords`. A lookup costs time linear in the key; gathering a section costs time linear
/// in its members.
///
/// ## Provenance
///
/// A leaf's source is its loader's source and the line and column of its value. Each member
/// that replaced an earlier node keeps that node as its shadow, so a record's `overridden`
/// lists every earlier value at the same key, most recent first, however it was set (whole or
/// as a leaf, in this container or an ancestor).
///
/// ## Building
///
/// Applying a loader builds a new snapshot from the current one (``SnapshotBuilder``) outside
/// the store's lock, copying only the tables it writes, and swaps it in; readers keep the
/// snapshot they hold and never wait for a build. A child container's snapshot is its parent's
/// snapshot with the child's loaders applied on top, rebuilt when the parent's changes.
final class PropertySnapshot: Sendable {
    /// The root table, owned by no builder any more.
    let root: SnapshotTable
    /// Sources, each with an unknown position; leaves refer to them by offset.
    let sources: [PropertySource]
    /// The unresolved values and what resolution found, when a value holds a placeholder.
    let placeholders: PlaceholderState?

    init(root: SnapshotTable, sources: [PropertySource], placeholders: PlaceholderState? = nil) {
        self.root = root
        self.sources = sources
        self.placeholders = placeholders
    }

    /// A snapshot with no properties.
    static let empty = PropertySnapshot(root: SnapshotTable(generation: 0), sources: [])

    /// This snapshot with `batch` applied on top of its unresolved values, and every
    /// placeholder resolved again (``PlaceholderResolution``).
    func applying(
        _ batch: PropertyBatch, merging: PropertyMerge, placeholderLimits: PlaceholderLimits = .default,
        secrets: PropertySecrets = .default
    ) throws(PropertyLoaderError) -> PropertySnapshot {
        try applying([(batch, merging)], placeholderLimits: placeholderLimits, secrets: secrets)
    }

    /// This snapshot with `batches` applied in order by one builder, and placeholders resolved
    /// once, after the last: a placeholder may refer to a key that a later batch sets. Keys may
    /// have as many segments as the strictest batch allows. `secrets` decides which values'
    /// placeholder errors give offsets rather than text.
    func applying(
        _ batches: [(batch: PropertyBatch, merging: PropertyMerge)], placeholderLimits: PlaceholderLimits = .default,
        secrets: PropertySecrets = .default
    ) throws(PropertyLoaderError) -> PropertySnapshot {
        guard let maxKeySegments = batches.map(\.batch.maxKeySegments).min() else { return self }
        let base = unresolved
        var builder = SnapshotBuilder(base: base, maxKeySegments: maxKeySegments)
        for (batch, merging) in batches { try builder.apply(batch, merging: merging) }
        return try builder.resolvedSnapshot(
            firstNewSource: Int32(base.sources.count), previous: placeholders?.locations ?? [],
            limits: placeholderLimits, secrets: secrets)
    }

    /// The error of the first placeholder at `key` or under it that does not resolve (see
    /// ``PlaceholderResolution``), with the key of the string that holds it.
    func placeholderFailure(atOrUnder key: String) -> (key: String, error: PropertyLoaderError)? {
        placeholders?.failure(atOrUnder: key)
    }

    /// The error of every string whose placeholders do not resolve, by its flat key.
    var placeholderFailures: [String: PropertyLoaderError] { placeholders?.failures ?? [:] }

    /// The source of a leaf.
    func source(_ index: Int32, at position: SourcePosition) -> PropertySource {
        sources[Int(index)].at(position)
    }
}
