/// Whether a key a factory read is affected by a set of changed keys.
///
/// A read is affected when it names a changed key, a section that contains one (`database`
/// when `database.host` changed), or a key inside a changed section (`database.host` when
/// `database` changed as a whole). Keys are compared segment by segment with the one key
/// spelling rule (``PropertyKeyPath``), so `database.hostname` is not inside `database.host`.
/// Building costs one pass over the changed keys' segments; each question one pass over the
/// read key's segments.
struct PropertyKeyOverlap {
    private let changed: Set<[String]>
    /// Every changed key and every section above one.
    private let changedAndAbove: Set<[String]>

    init<Keys: Sequence>(changed keys: Keys) where Keys.Element == String {
        var changed: Set<[String]> = []
        var above: Set<[String]> = []
        for key in keys {
            let segments = PropertyKeyPath.segments(of: key)
            changed.insert(segments)
            for length in 1...segments.count { above.insert(Array(segments[..<length])) }
        }
        self.changed = changed
        changedAndAbove = above
    }

    var isEmpty: Bool { changed.isEmpty }

    /// Whether reading `key` depends on a changed key.
    func affects(_ key: String) -> Bool {
        let segments = PropertyKeyPath.segments(of: key)
        if changedAndAbove.contains(segments) { return true }
        for length in 1..<segments.count where changed.contains(Array(segments[..<length])) { return true }
        return false
    }
}
