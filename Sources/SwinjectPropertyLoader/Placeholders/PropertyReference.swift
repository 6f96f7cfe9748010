/// A property that a placeholder in another property's value referred to, as
/// ``PropertyRecord/references`` lists it.
///
/// ```swift
/// let record = container.propertyRecord(for: "database.url")
/// let hosts = record?.references.map(\.key)  // ["database.host", "database.port"]
/// ```
public struct PropertyReference: Sendable, Hashable, CustomStringConvertible {
    /// The key as the placeholder spells it.
    public var key: String
    /// Where the inserted value came from, or nil when the key was not set and the
    /// placeholder's default was used.
    public var source: PropertySource?

    /// Creates a reference.
    package init(key: String, source: PropertySource?) {
        self.key = key
        self.source = source
    }

    /// `key from source`, or `key (default used)`.
    public var description: String {
        source.map { "\(key) from \($0)" } ?? "\(key) (default used)"
    }
}
