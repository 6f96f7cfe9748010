import PropertyFormats
import SwinjectKitSupport

/// Something that produces properties for a container as plain key/value pairs: the
/// SwinjectPropertyLoader spelling, which a loader written for it keeps implementing unchanged.
///
/// Values may be `String`, any integer type, `Double`, `Float`, `Bool`, `Date`, `Data`, `URL`,
/// arrays and `[String: Any]` dictionaries of those. A dictionary value is one property,
/// readable whole or by dot path. The loader's type name is the source of every value.
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
/// A loader that knows where each value came from (a file and line:column, a secret to mask)
/// conforms to ``PropertyBatchLoader`` instead, as the built-in loaders do: the container calls
/// `loadBatch()` only on a loader that declares that conformance.
public protocol PropertyLoader {
    /// The properties as plain values (`Int`, `Double`, `Bool`, `String`, `Date`, `Data`,
    /// `[Any]`, `[String: Any]`).
    func load() throws -> [String: Any]
}

/// A loader that produces each property with its source: the primary way to write a loader,
/// and the one every built-in loader takes.
///
/// Implement ``loadBatch()``; ``PropertyLoader/load()`` is derived from it.
///
/// ```swift
/// struct DefaultsLoader: PropertyBatchLoader {
///     func loadBatch() throws -> PropertyBatch {
///         let source = PropertySource(name: "defaults")
///         return PropertyBatch([LoadedProperty(key: "server.port", value: .integer(8080), source: source)])
///     }
/// }
/// ```
public protocol PropertyBatchLoader: PropertyLoader {
    /// The properties with their sources, in the order they apply, each with its line:column
    /// where the format has one, and whole tables to merge leaf by leaf.
    func loadBatch() throws -> PropertyBatch
}

extension PropertyBatchLoader {
    /// The values of ``loadBatch()`` as plain values; `null` values are left out.
    public func load() throws -> [String: Any] {
        let properties = try loadBatch().properties
        var result: [String: Any] = [:]
        result.reserveCapacity(properties.count)
        for property in properties {
            if let value = property.value.foundationValue { result[property.key] = value }
        }
        return result
    }
}

extension PropertyLoader {
    /// What the container applies: ``PropertyBatchLoader/loadBatch()`` for a loader that has
    /// one, otherwise the values of ``load()`` sorted by the bytes of their keys (nested
    /// dictionaries too), with the loader's type as the source.
    package func propertyBatch() throws -> PropertyBatch {
        switch LoaderShape(self) {
        case .file(let loader): return try loader.loadBatch()
        case .directory(let loader): return try loader.loadBatch()
        case .batch(let loader): return try loader.loadBatch()
        case .plain: break
        }
        let pairs = PropertyValueBridging.sortedPairs(try load())
        let source = PropertySource(name: TypeNames.short(Self.self))
        var properties: [LoadedProperty] = []
        properties.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            let converted = try PropertyValueBridging.propertyValue(from: value, key: key, source: source.name)
            properties.append(LoadedProperty(key: key, value: converted, source: source))
        }
        return PropertyBatch(properties)
    }
}
