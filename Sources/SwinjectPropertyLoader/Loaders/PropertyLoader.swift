/// Something that produces properties for a container: a file format, a Swift value, or
/// anything you write.
///
/// To write your own loader, implement ``load()`` and return the key/value pairs; values may
/// be `String`, any integer type, `Double`, `Float`, `Bool`, `Date`, `Data`, `URL`, arrays and
/// `[String: Any]` dictionaries of those. Keys are stored as they are (a dictionary value is
/// one property, readable whole or by dot path):
///
/// ```swift
/// struct EnvironmentLoader: PropertyLoader {
///     let variables: [String: String]
///     func load() throws -> [String: Any] {
///         variables.filter { $0.key.hasPrefix("APP_") }
///     }
/// }
/// try container.applyPropertyLoader(EnvironmentLoader(variables: ["APP_MODE": "demo"]))
/// ```
///
/// Implement ``loadProperties()`` as well to report where each value came from (file and
/// line), as the built-in loaders do.
public protocol PropertyLoader {
    /// Returns the properties as plain values.
    func load() throws -> [String: Any]

    /// Returns the properties with their sources, in the order they should be applied.
    /// The default implementation converts the result of ``load()``, with keys sorted by their
    /// UTF-8 bytes (nested dictionaries too) and the loader's type as the source.
    func loadProperties() throws -> [LoadedProperty]
}

extension PropertyLoader {
    /// Converts ``load()``'s dictionary, sorted by the bytes of its keys, naming the loader's type
    /// as the source.
    public func loadProperties() throws -> [LoadedProperty] {
        let values = PropertyValueBridging.sortedPairs(try load())
        let source = PropertySource(name: String(describing: type(of: self)))
        var properties: [LoadedProperty] = []
        properties.reserveCapacity(values.count)
        for (key, value) in values {
            let converted = try PropertyValueBridging.propertyValue(from: value, key: key, source: source.name)
            properties.append(LoadedProperty(key: key, value: converted, source: source))
        }
        return properties
    }
}

extension [LoadedProperty] {
    /// The properties as plain values; `null` values are left out.
    var plainDictionary: [String: Any] {
        var result: [String: Any] = [:]
        result.reserveCapacity(count)
        for property in self {
            if let value = property.value.foundationValue { result[property.key] = value }
        }
        return result
    }
}
