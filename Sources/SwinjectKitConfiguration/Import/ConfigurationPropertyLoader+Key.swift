public import Configuration

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfigurationPropertyLoader {
    /// One key to import: the property it becomes, the key swift-configuration reads, the type
    /// to ask for, and whether the value is secret or required.
    ///
    /// A string literal names a property and the same swift-configuration key, of any type:
    /// `"database.port"` reads `ConfigKey("database.port")` into the property `database.port`.
    ///
    /// ```swift
    /// let keys: [ConfigurationPropertyLoader.Key] = [
    ///     "http.port",
    ///     .init("database.password", isSecret: true, isRequired: true),
    ///     .init("features", configKey: ["feature", "flags"], type: .stringArray),
    /// ]
    /// ```
    public struct Key: Sendable, Hashable, ExpressibleByStringLiteral {
        /// The property key the value is stored under (`database.port`).
        package var property: String
        /// The key swift-configuration reads.
        package var configKey: ConfigKey
        /// The type to ask the provider for; nil asks for a string, then `int`, `double`,
        /// `bool` and the array types, and keeps the first the provider gives. A value found
        /// as a string this way converts on request, as environment values do.
        package var type: ConfigType?
        /// Whether the value is secret, whatever the provider says.
        package var isSecret: Bool
        /// Whether a key no provider has is an error; otherwise it is left unset.
        package var isRequired: Bool

        /// Creates a key; `configKey` defaults to `property` split at its dots.
        public init(
            _ property: String, configKey: ConfigKey? = nil, type: ConfigType? = nil, isSecret: Bool = false,
            isRequired: Bool = false
        ) {
            self.property = property
            self.configKey = configKey ?? ConfigKey(property)
            self.type = type
            self.isSecret = isSecret
            self.isRequired = isRequired
        }

        /// A key of any type whose property and swift-configuration key are both `value`.
        public init(stringLiteral value: String) {
            self.init(value)
        }
    }
}
