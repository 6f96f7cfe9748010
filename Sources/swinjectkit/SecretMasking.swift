import PropertyFormats
import SwinjectPropertyLoader

/// Hides secret values unless `--show-secrets` asks for them: a value is secret when its
/// source marks it so (a mounted secret directory, for example).
struct SecretMasking {
    static let mask = "***"

    let showSecrets: Bool

    /// Whether the property `key`, with its value from `source`, is a secret.
    func isSecret(key: String, source: PropertySource) -> Bool {
        source.isSecret
    }

    /// Whether the value is a secret that is not to be shown.
    func hides(key: String, source: PropertySource) -> Bool {
        !showSecrets && isSecret(key: key, source: source)
    }

    /// `render(value)`, or ``mask`` for a secret that is not to be shown.
    func text(
        key: String, value: PropertyValue, source: PropertySource, render: (PropertyValue) -> String
    ) -> String {
        hides(key: key, source: source) ? Self.mask : render(value)
    }
}
