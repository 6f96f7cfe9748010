import PropertyFormats
import Swinject
import SwinjectPropertyLoader

/// Hides secret values unless `--show-secrets` asks for them. Whether a key is secret is the
/// container's answer (its name, its source, the placeholders in its value; see
/// `Container.isSecretProperty(_:)`), so the command shows what the library would hide.
struct SecretMasking {
    static let mask = "***"

    let container: Container
    let showSecrets: Bool

    /// Whether the merged property `key` is a secret.
    func isSecret(_ key: String) -> Bool {
        container.isSecretProperty(key)
    }

    /// Whether `key` is a secret that is not to be shown.
    func hides(_ key: String) -> Bool {
        !showSecrets && isSecret(key)
    }

    /// The rule a rendering uses for the members of a section; nil when secrets show.
    var hidesRule: ValueText.Hides? {
        showSecrets ? nil : { isSecret($0) }
    }

    /// The value as one table cell, `get` text or JSON, with ``mask`` for a hidden secret (the
    /// value itself or a member of it).
    func cell(_ value: PropertyValue, key: String) -> String {
        hides(key) ? Self.mask : ValueText.cell(value, key: key, hides: hidesRule)
    }

    func plain(_ value: PropertyValue, key: String) -> String {
        hides(key) ? Self.mask : ValueText.plain(value, key: key, hides: hidesRule)
    }

    func json(_ value: PropertyValue, key: String) -> String {
        hides(key) ? ValueText.quoted(Self.mask) : ValueText.json(value, key: key, hides: hidesRule)
    }
}
