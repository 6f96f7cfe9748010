public import Swinject

extension Container {
    /// Which keys hold secrets for this container's descriptions, errors and logs (see
    /// <doc:Secrets>). A child container without its own uses its parent's; the default is
    /// ``PropertySecrets/default``.
    ///
    /// ```swift
    /// container.propertySecrets = PropertySecrets(markers: ["password", "credential"], keys: ["sentry.dsn"])
    /// ```
    public var propertySecrets: PropertySecrets {
        get { PropertySecretsStorage.secrets(of: self) }
        set {
            PropertySecretsStorage.set(newValue, on: self)
            PropertyStoreRegistry.store(forApplyingTo: self).secrets = newValue
        }
    }

    /// Whether the property `key` is secret here: by its name, its source or the placeholders
    /// in its value.
    public func isSecretProperty(_ key: String) -> Bool {
        SecretMask(container: self).isSecret(key)
    }
}

extension SecretMask {
    /// Whether a key is secret for the container behind `resolver` (the default rules for
    /// another resolver), for messages built outside a mask.
    static func test(for resolver: any Resolver) -> (String) -> Bool {
        guard let container = resolver as? Container else { return SecretKeys.isSecret }
        let mask = SecretMask(container: container)
        return { mask.isSecret($0) }
    }

    /// `record` with its placeholder references, whether it is secret, and its value as
    /// descriptions show it.
    func decorate(_ record: PropertyRecord) -> PropertyRecord {
        var record = record
        record.isSecret = isSecret(record.key)
        let references = snapshot?.placeholders?.references(of: record.key) ?? []
        // A secret value's placeholder text is secret too: a reference to a key that is set
        // names that key, which every listing shows; one whose default was used is `***`.
        record.references =
            record.isSecret || record.source.isSecret
            ? references.map { $0.source == nil ? PropertyReference(key: "***", source: nil) : $0 } : references
        record.shownValue = displayText(record.value, key: record.key)
        return record
    }

    /// `error` with whether its key is secret and its stored value as its description shows it.
    func masking(_ error: PropertyError) -> PropertyError {
        var error = error
        error.isSecret = isSecret(error.key)
        error.shownValue = error.storedValue.map { displayText($0, key: error.key) }
        return error
    }
}
