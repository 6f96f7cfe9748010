import PropertyFormats
public import Swinject

extension Resolver {
    /// The property `name` converted to the type the call site expects, or nil when no loader
    /// set it or it cannot be converted.
    ///
    /// ```swift
    /// container.register(Person.self) { r in
    ///     let person = Person()
    ///     person.name = r.property("name")
    ///     person.count = r.property("count")
    ///     return person
    /// }
    /// ```
    ///
    /// Works with every resolver Swinject passes to a factory: the container, a synchronized
    /// resolver, a child container (which sees its parent's properties) and an `Assembler`'s
    /// resolver. See the README for the conversion table and the lookup rules for dot paths.
    ///
    /// Inlinable so that the common requests (`String`, `Int`, `Double`, `Bool`) compile to a
    /// direct call at the call site, without generic dispatch or dynamic casts.
    @inlinable
    public func property<T>(_ name: String) -> T? {
        guard let container = self as? Container else { return nil }
        if T.self == Int.self { return unsafeBitCast(container._intProperty(name), to: T?.self) }
        if T.self == String.self { return unsafeBitCast(container._stringProperty(name), to: T?.self) }
        if T.self == Double.self { return unsafeBitCast(container._doubleProperty(name), to: T?.self) }
        if T.self == Bool.self { return unsafeBitCast(container._boolProperty(name), to: T?.self) }
        return container._property(name, as: T.self)
    }

    /// The property for a declared ``PropertyKey``; same as `property(key.name)`.
    public func property<T>(_ key: PropertyKey) -> T? {
        property(key.name)
    }

    /// The property converted to `type`, for call sites that cannot infer the type.
    public func property<T>(_ name: String, as type: T.Type) -> T? {
        property(name)
    }

    /// The property, or `defaultValue` when it is missing or cannot be converted.
    public func property<T>(_ name: String, default defaultValue: @autoclosure () -> T) -> T {
        property(name) ?? defaultValue()
    }

    /// The property for a declared key, or `defaultValue`.
    public func property<T>(_ key: PropertyKey, default defaultValue: @autoclosure () -> T) -> T {
        property(key.name) ?? defaultValue()
    }

    /// The property, or a ``PropertyError`` that names the key, the requested type, the stored
    /// value and its source, and the call site.
    ///
    /// ```swift
    /// let port: Int = try container.requiredProperty("database.port")
    /// ```
    public func requiredProperty<T>(
        _ name: String, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line
    ) throws(PropertyError) -> T {
        let typeName = String(reflecting: T.self)
        guard let store = PropertyStoreRegistry.store(forResolver: self) else {
            throw PropertyError(.noPropertyStore, key: name, requestedType: typeName, fileID: fileID, line: line)
        }
        guard let record = store.lookup(name) else {
            throw PropertyError(.missingKey, key: name, requestedType: typeName, fileID: fileID, line: line)
        }
        if case .null = record.value {
            throw PropertyError(
                .missingKey, key: name, requestedType: typeName, storedValue: record.value, source: record.source,
                fileID: fileID, line: line)
        }
        guard let value = PropertyConversion.convert(record.value, to: T.self) else {
            throw PropertyError(
                .typeMismatch, key: name, requestedType: typeName, storedValue: record.value, source: record.source,
                fileID: fileID, line: line)
        }
        return value
    }

    /// The property for a declared key, or a ``PropertyError``.
    public func requiredProperty<T>(
        _ key: PropertyKey, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line
    ) throws(PropertyError) -> T {
        try requiredProperty(key.name, as: type, fileID: fileID, line: line)
    }
}

// The entry points of the inlinable `property(_:)`; not API.
extension Container {
    @usableFromInline
    func _property<T>(_ name: String, as type: T.Type) -> T? {
        guard let value = PropertyStoreRegistry.store(forContainer: self).lookupValue(name) else { return nil }
        return PropertyConversion.convert(value, to: T.self)
    }

    @usableFromInline
    func _intProperty(_ name: String) -> Int? {
        guard let value = PropertyStoreRegistry.store(forContainer: self).lookupValue(name) else { return nil }
        return PropertyConversion.integer(value, as: Int.self)
    }

    @usableFromInline
    func _stringProperty(_ name: String) -> String? {
        guard let value = PropertyStoreRegistry.store(forContainer: self).lookupValue(name) else { return nil }
        return PropertyConversion.string(value)
    }

    @usableFromInline
    func _doubleProperty(_ name: String) -> Double? {
        guard let value = PropertyStoreRegistry.store(forContainer: self).lookupValue(name) else { return nil }
        return PropertyConversion.double(value)
    }

    @usableFromInline
    func _boolProperty(_ name: String) -> Bool? {
        guard let value = PropertyStoreRegistry.store(forContainer: self).lookupValue(name) else { return nil }
        return PropertyConversion.bool(value)
    }
}
