import PropertyFormats

/// The error of a loader that gives one full key two values, so that applying it would drop a
/// value it set itself: `{"a.b": 1, "a": {"b": 2}}` (a dotted key and a member), `{"a": [1],
/// "a.0": 2}` (a dotted key through an array it set). Both places are named.
///
/// A scalar and keys under it are not a conflict: `{"test": "scalar", "test.string": "dotted"}`
/// keeps both, the scalar as the table's own value (``SnapshotTable/own``).
///
/// Between loaders the merge model decides instead: a later loader replaces what it sets, and a
/// key's own value and its members are separate slots there
/// (``SnapshotBuilder/keepOtherSlot(of:besides:in:named:)``).
enum SameLoaderConflict {
    /// `path` goes through its segment at `depth`, which the same loader set to an array (at
    /// `earlier`).
    static func through(
        path: [String], depth: Int, earlier: SourcePosition, source: String, at position: SourcePosition
    ) -> PropertyLoaderError {
        let key = PropertyKeyPath.spelling(path)
        let holder = PropertyKeyPath.spelling(Array(path[...depth]))
        let message =
            "the key \"\(key)\" goes through \"\(holder)\", which this source also sets to an array"
            + place(earlier) + "; a key cannot go through an array: rename one of them"
        return PropertyLoaderError(.conflictingKeys, source: source, message: message, position: position)
    }

    /// Setting `path` replaces a value (at `earlier`) or keys under it that the same loader set.
    static func over(
        path: [String], earlier: SourcePosition?, source: String, at position: SourcePosition
    ) -> PropertyLoaderError {
        let key = PropertyKeyPath.spelling(path)
        let what =
            earlier.map { "\"\(key)\", which this source also sets" + place($0) }
            ?? "keys under \"\(key)\" that this source also sets"
        let message =
            "the key \"\(key)\" would replace " + what
            + (earlier == nil ? "; an array cannot have keys under it" : "; one key cannot hold two values")
            + ": rename one of them"
        return PropertyLoaderError(.conflictingKeys, source: source, message: message, position: position)
    }

    private static func place(_ position: SourcePosition) -> String {
        position.isKnown ? " (at \(position.line):\(position.column))" : ""
    }
}
