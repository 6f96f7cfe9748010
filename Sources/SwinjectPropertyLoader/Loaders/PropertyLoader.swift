import PropertyFormats
import SwinjectKitSupport

/// Something that produces properties for a container: a file format, a Swift value, or
/// anything you write.
///
/// A loader implements one of three requirements; the other two have default
/// implementations in terms of it:
/// - ``loadBatch()``, the primary one: the properties as a ``PropertyBatch``, each value with
///   its source and line:column, and whole tables to merge leaf by leaf. The built-in loaders
///   implement it.
/// - ``loadProperties()``: a list of ``LoadedProperty`` values, each with its source.
/// - ``load()``: plain key/value pairs. Values may be `String`, any integer type, `Double`,
///   `Float`, `Bool`, `Date`, `Data`, `URL`, arrays and `[String: Any]` dictionaries of those.
///   A dictionary value is one property, readable whole or by dot path. The loader's type name
///   is the source of every value.
///
/// A loader that implements none of them fails when applied, with a
/// ``PropertyLoaderError/Code/unimplementedLoader`` error naming its type.
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
public protocol PropertyLoader {
    /// The properties with their sources, in the order they apply.
    ///
    /// The default implementation makes a batch that sets each of ``loadProperties()``, in order.
    func loadBatch() throws -> PropertyBatch

    /// The properties, one per key set and one per leaf of a merged table, each with its source
    /// and line:column.
    ///
    /// The default implementation converts the result of ``load()``, with keys sorted by their
    /// UTF-8 bytes (nested dictionaries too) and the loader's type as the source.
    func loadProperties() throws -> [LoadedProperty]

    /// The properties as plain values (`Int`, `Double`, `Bool`, `String`, `Date`, `Data`,
    /// `[Any]`, `[String: Any]`).
    ///
    /// The default implementation converts the result of ``loadBatch()``; `null` values are
    /// left out.
    func load() throws -> [String: Any]
}

extension PropertyLoader {
    /// The properties of ``loadProperties()`` or, when the loader implements only ``load()``,
    /// its plain values.
    public func loadBatch() throws -> PropertyBatch {
        try DefaultImplementation.enter(Self.self)
        if let properties = try DefaultImplementation.probe(Self.self, { try loadProperties() }) {
            return PropertyBatch(properties)
        }
        if let values = try DefaultImplementation.probe(Self.self, { try load() }) {
            return PropertyBatch(try bridging(values))
        }
        throw DefaultImplementation.unimplemented(Self.self)
    }

    /// The properties of ``loadBatch()`` or, when the loader implements only ``load()``, its
    /// plain values sorted by the bytes of their keys, with the loader's type as the source.
    public func loadProperties() throws -> [LoadedProperty] {
        try DefaultImplementation.enter(Self.self)
        if let batch = try DefaultImplementation.probe(Self.self, { try loadBatch() }) { return batch.properties }
        if let values = try DefaultImplementation.probe(Self.self, { try load() }) { return try bridging(values) }
        throw DefaultImplementation.unimplemented(Self.self)
    }

    /// The values of ``loadBatch()`` or ``loadProperties()`` as plain values; `null` values are
    /// left out.
    public func load() throws -> [String: Any] {
        try DefaultImplementation.enter(Self.self)
        let properties: [LoadedProperty]
        if let batch = try DefaultImplementation.probe(Self.self, { try loadBatch() }) {
            properties = batch.properties
        } else if let list = try DefaultImplementation.probe(Self.self, { try loadProperties() }) {
            properties = list
        } else {
            throw DefaultImplementation.unimplemented(Self.self)
        }
        var result: [String: Any] = [:]
        result.reserveCapacity(properties.count)
        for property in properties {
            if let value = property.value.foundationValue { result[property.key] = value }
        }
        return result
    }

    /// `values` sorted by the bytes of their keys, with the loader's type as the source.
    private func bridging(_ values: [String: Any]) throws -> [LoadedProperty] {
        let pairs = PropertyValueBridging.sortedPairs(values)
        let source = PropertySource(name: String(describing: Self.self))
        var properties: [LoadedProperty] = []
        properties.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            let converted = try PropertyValueBridging.propertyValue(from: value, key: key, source: source.name)
            properties.append(LoadedProperty(key: key, value: converted, source: source))
        }
        return properties
    }
}

/// Finds which requirement a loader implements. A default implementation asks for the other
/// requirements in turn, richest first, with a probe set for the loader's type; a default
/// implementation entered under that probe is not the loader's own and answers at once with
/// ``NotImplemented``, so no call goes round the three defaults. The probe is cleared by the
/// first default implementation entered, of any type, so a loader's own implementation that
/// uses other loaders is unaffected. Loading is synchronous, so a per-thread probe follows the
/// call exactly.
private enum DefaultImplementation {
    final class State {
        var probing: ObjectIdentifier?
    }

    struct NotImplemented: Error {}

    static let state = ThreadLocal { State() }

    /// Called first by each default implementation.
    static func enter(_ type: Any.Type) throws {
        let current = state.current
        guard let probing = current.probing else { return }
        current.probing = nil
        if probing == ObjectIdentifier(type) { throw NotImplemented() }
    }

    /// The result of `requirement`, or nil when the loader does not implement it.
    static func probe<Result>(_ type: Any.Type, _ requirement: () throws -> Result) throws -> Result? {
        let current = state.current
        let saved = current.probing
        current.probing = ObjectIdentifier(type)
        defer { current.probing = saved }
        do {
            return try requirement()
        } catch is NotImplemented {
            return nil
        }
    }

    static func unimplemented(_ type: Any.Type) -> PropertyLoaderError {
        PropertyLoaderError(
            .unimplementedLoader, source: String(describing: type),
            message: "\(type) implements none of loadBatch(), loadProperties() and load(); implement one")
    }
}
