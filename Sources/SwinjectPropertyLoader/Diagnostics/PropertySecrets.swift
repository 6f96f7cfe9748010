/// Which property keys hold secrets, whose values descriptions, errors and logs show as `***`.
///
/// A key is secret when any of these says so:
/// - its last segment that is not an array index contains one of ``markers``, ignoring ASCII
///   letter case: with the default markers `database.password`, `api.apiKey`, `auth.TOKEN` and
///   `tokens.0` are secret;
/// - it is one of ``keys``, or under one of them (a section declared secret hides its members);
/// - a ``PropertyKey`` declared it with `secret: true`;
/// - its loader marked its source secret (``PropertySource/isSecret``);
/// - its value has a placeholder that refers to a secret key.
///
/// Each container has its own; a child container without one uses its parent's.
///
/// ```swift
/// container.propertySecrets = PropertySecrets(markers: ["password", "credential"], keys: ["sentry.dsn"])
/// ```
public struct PropertySecrets: Sendable, Hashable {
    /// Texts that make a key secret when its last segment contains one, in any ASCII letter case.
    public var markers: [String]
    /// Flat keys that are secret, with everything under them.
    public var keys: Set<String>

    /// Creates a policy.
    public init(markers: [String] = PropertySecrets.defaultMarkers, keys: Set<String> = []) {
        self.markers = markers
        self.keys = keys
    }

    /// `password`, `secret`, `token`, `key`.
    public static let defaultMarkers = ["password", "secret", "token", "key"]

    /// The default markers and no listed keys.
    public static let `default` = PropertySecrets()

    /// Whether `key` is secret by its name: a marker or a listed key. Sources and placeholders
    /// are a container's to judge.
    public func isSecret(_ key: String) -> Bool {
        SecretKeys.isSecret(key, markers: markers, keys: keys)
    }
}
