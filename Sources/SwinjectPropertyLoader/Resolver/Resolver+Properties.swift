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
    /// A value that is set but cannot be converted (`"port": "5432"` read as `Int`) is never
    /// silent: the read gives nil, is recorded with the key, type, source and call site for
    /// ``Swinject/Container/checkProperties(resolvingRegistrations:)``, and is logged once per
    /// key through swift-log. To stop with the full message instead of getting nil, read with
    /// `r.property("k", .orFatalError)`.
    ///
    /// Works with every resolver Swinject passes to a factory: the container, a synchronized
    /// resolver, a child container (which sees its parent's properties) and an `Assembler`'s
    /// resolver. <doc:ConversionTable> lists the conversions and <doc:ReadingProperties> the lookup rules.
    ///
    /// Inlinable so that the common requests (`String`, `Int`, `Double`, `Bool`) compile to a
    /// direct call at the call site, without generic dispatch or dynamic casts.
    @inlinable
    public func property<T>(_ name: String, fileID: String = #fileID, line: Int = #line) -> T? {
        guard let container = self as? Container else { return nil }
        if T.self == Int.self {
            return container._intProperty(name, fileID: fileID, line: line).flatMap { $0 as? T }
        }
        if T.self == String.self {
            return container._stringProperty(name, fileID: fileID, line: line).flatMap { $0 as? T }
        }
        if T.self == Double.self {
            return container._doubleProperty(name, fileID: fileID, line: line).flatMap { $0 as? T }
        }
        if T.self == Bool.self {
            return container._boolProperty(name, fileID: fileID, line: line).flatMap { $0 as? T }
        }
        return container._property(name, as: T.self, fileID: fileID, line: line)
    }

    /// The property for a declared ``PropertyKey``; same as `property(key.name)`.
    public func property<T>(_ key: PropertyKey, fileID: String = #fileID, line: Int = #line) -> T? {
        property(key.name, fileID: fileID, line: line)
    }

    /// The property converted to `type`, for call sites that cannot infer the type.
    public func property<T>(_ name: String, as type: T.Type, fileID: String = #fileID, line: Int = #line) -> T? {
        property(name, fileID: fileID, line: line)
    }

    /// The property, or `defaultValue` when it is missing or cannot be converted.
    ///
    /// A value that is set but cannot be converted gives `defaultValue` and is recorded and
    /// logged, as the optional `property(_:)` read describes.
    public func property<T>(
        _ name: String, default defaultValue: @autoclosure () -> T, fileID: String = #fileID, line: Int = #line
    ) -> T {
        property(name, fileID: fileID, line: line) ?? defaultValue()
    }

    /// The property for a declared key, or `defaultValue`.
    public func property<T>(
        _ key: PropertyKey, default defaultValue: @autoclosure () -> T, fileID: String = #fileID, line: Int = #line
    ) -> T {
        property(key.name, fileID: fileID, line: line) ?? defaultValue()
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
        do {
            return try PropertyReads.required(name, as: T.self, from: self, fileID: fileID, line: line)
        } catch {
            PropertyReads.record(error, as: T.self, on: self)
            if let standIn = PropertyDryRun.retryStandIn(for: T.self, failure: error) { return standIn }
            throw error
        }
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
    func _property<T>(_ name: String, as type: T.Type, fileID: String, line: Int) -> T? {
        PropertyUsageRecording.read(name, as: T.self, fileID: fileID, line: line, through: self)
        guard let value = PropertyReadCache.value(name, of: self) else { return nil }
        // A section whose member does not resolve is `null` there; the read says so, never
        // handing out the rest as if it were whole.
        if value.isSection, PropertyReads.hasPlaceholderFailure(name, in: self) {
            PropertyReads.recordMismatch(name, T.self, .null, on: self, fileID: fileID, line: line)
            return nil
        }
        if let converted = PropertyConversion.convert(value, to: T.self) { return converted }
        return _textProperty(name, as: T.self, value, fileID: fileID, line: line)
    }

    @usableFromInline
    func _intProperty(_ name: String, fileID: String, line: Int) -> Int? {
        PropertyUsageRecording.read(name, as: Int.self, fileID: fileID, line: line, through: self)
        guard let value = PropertyReadCache.value(name, of: self) else { return nil }
        if let converted = PropertyConversion.integer(value, as: Int.self) { return converted }
        return _textProperty(name, as: Int.self, value, fileID: fileID, line: line)
    }

    @usableFromInline
    func _stringProperty(_ name: String, fileID: String, line: Int) -> String? {
        PropertyUsageRecording.read(name, as: String.self, fileID: fileID, line: line, through: self)
        guard let value = PropertyReadCache.value(name, of: self) else { return nil }
        if let converted = PropertyConversion.string(value) { return converted }
        return _textProperty(name, as: String.self, value, fileID: fileID, line: line)
    }

    @usableFromInline
    func _doubleProperty(_ name: String, fileID: String, line: Int) -> Double? {
        PropertyUsageRecording.read(name, as: Double.self, fileID: fileID, line: line, through: self)
        guard let value = PropertyReadCache.value(name, of: self) else { return nil }
        if let converted = PropertyConversion.double(value) { return converted }
        return _textProperty(name, as: Double.self, value, fileID: fileID, line: line)
    }

    @usableFromInline
    func _boolProperty(_ name: String, fileID: String, line: Int) -> Bool? {
        PropertyUsageRecording.read(name, as: Bool.self, fileID: fileID, line: line, through: self)
        guard let value = PropertyReadCache.value(name, of: self) else { return nil }
        if let converted = PropertyConversion.bool(value) { return converted }
        return _textProperty(name, as: Bool.self, value, fileID: fileID, line: line)
    }

    /// The read after the typed table failed: the text rules when a text source set the value
    /// (or part of a section), else a recorded mismatch. Kept out of line so that the reads of
    /// typed sources stay as small as they were.
    @inline(never)
    func _textProperty<T>(_ name: String, as type: T.Type, _ value: PropertyValue, fileID: String, line: Int) -> T? {
        if let converted = PropertyReads.textConverted(name, as: T.self, from: self) { return converted }
        PropertyReads.recordMismatch(name, T.self, value, on: self, fileID: fileID, line: line)
        return nil
    }
}
