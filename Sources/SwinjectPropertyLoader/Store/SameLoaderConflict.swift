import PropertyFormats

/// The error of a loader whose keys give one key two meanings, so that applying it would drop a
/// value it set itself: `{"test": "scalar", "test.string": "dotted"}` (a dotted key through a
/// value), `{"a": {"b": 1}, "a.b": 2}` (a dotted key over a member), `{"a.b": 1, "a": 2}` (a
/// value over keys set under it). A snapshot table cannot hold a value and members at one key,
/// and choosing one silently would lose the other, so the load fails with both places.
///
/// Between loaders the merge model decides instead: a later loader replaces what it sets.
enum SameLoaderConflict {
    /// `path` goes through its segment at `depth`, which the same loader set to a value that is
    /// not a table (at `earlier`).
    static func through(
        path: [String], depth: Int, earlier: SourcePosition, source: String, at position: SourcePosition
    ) -> PropertyLoaderError {
        let key = PropertyKeyPath.spelling(path)
        let holder = PropertyKeyPath.spelling(Array(path[...depth]))
        let message =
            "the key \"\(key)\" goes through \"\(holder)\", which this source also sets to a value"
            + place(earlier) + "; one key cannot hold a value and members: rename one of them"
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
            + "; one key cannot hold a value and members, nor two values: rename one of them"
        return PropertyLoaderError(.conflictingKeys, source: source, message: message, position: position)
    }

    private static func place(_ position: SourcePosition) -> String {
        position.isKnown ? " (at \(position.line):\(position.column))" : ""
    }
}
