public import PropertyFormats

/// A property value a test sets, written as a literal: `true`, `1`, `2.5`, `"text"`, `nil`, an
/// array or a dictionary of those.
///
/// ```swift
/// let overrides = TestOverrides.properties(["feature.newCheckout": true, "database.port": 1])
/// ```
public struct TestPropertyValue: Sendable, Equatable {
    /// The value as the property store keeps it.
    public var value: PropertyValue

    /// A value of any kind, such as a date or bytes.
    public init(_ value: PropertyValue) {
        self.value = value
    }
}

extension TestPropertyValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
}

extension TestPropertyValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(.integer(value)) }
}

extension TestPropertyValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self.init(.float(value)) }
}

extension TestPropertyValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(.string(value)) }
}

extension TestPropertyValue: ExpressibleByNilLiteral {
    /// `null`: the key reads as missing, hiding the loaded value.
    public init(nilLiteral: ()) { self.init(.null) }
}

extension TestPropertyValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TestPropertyValue...) {
        self.init(.array(elements.map { PropertyNode($0.value) }))
    }
}

extension TestPropertyValue: ExpressibleByDictionaryLiteral {
    /// A table; it replaces the whole loaded table at its key, as a JSON object would.
    public init(dictionaryLiteral elements: (String, TestPropertyValue)...) {
        self.init(
            .table(PropertyTable(elements.map { PropertyTable.Entry(key: $0.0, node: PropertyNode($0.1.value)) })))
    }
}
