/// A property name that can be declared once and used everywhere, with autocompletion.
///
/// ```swift
/// extension PropertyKey {
///     static let apiBaseURL = PropertyKey("api.baseURL")
///     static let debugMode: PropertyKey = "debug.enabled"
/// }
/// let url: String? = container.property(.apiBaseURL)
/// ```
///
/// `r.property(.apiBaseURL)` and `r.property("api.baseURL")` read the same property.
///
/// A name is a flat key: segments separated by `.`, each a table member name or an array index
/// (`servers.0.host`). A member name that contains a `.` or starts with `"` is written in double
/// quotes with `"` and `\` escaped, as TOML writes it: `PropertyKey("a.\"b.c\".key")` names
/// the member `key` of the table `b.c` inside `a`, which `[a."b.c"]` in TOML or
/// `{"a": {"b.c": {"key": 1}}}` in JSON sets.
public struct PropertyKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The property name, with `.` separating nested keys (see the type's flat key rule).
    public let name: String
    /// Whether the property holds a secret, which descriptions, errors and logs show as `***`
    /// (see <doc:Secrets>).
    public let isSecret: Bool

    /// Creates a key from a property name.
    public init(_ name: String) {
        self.name = name
        self.isSecret = false
    }

    /// Creates a key; with `secret: true` the property is secret in every container of the
    /// process from the moment this key is created.
    ///
    /// ```swift
    /// extension PropertyKey {
    ///     static let sentryDSN = PropertyKey("sentry.dsn", secret: true)
    /// }
    /// ```
    public init(_ name: String, secret: Bool) {
        self.name = name
        self.isSecret = secret
        if secret { SecretKeys.declare(name) }
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.name = value
        self.isSecret = false
    }

    /// This key, secret.
    public var secret: PropertyKey { PropertyKey(name, secret: true) }

    /// Keys are equal when their names are: `secret` says how to show a value, not which one.
    public static func == (lhs: PropertyKey, rhs: PropertyKey) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The property name.
    public var description: String { name }
}
