public import PropertyFormats
import SwinjectPropertyLoader

/// A property value a test sets, written as a literal: `true`, `1`, `2.5`, `"text"` (also with
/// interpolation, `"db-\(id)"`), `nil`, an array or a dictionary of those. Runtime values need no
/// wrapper: ``TestOverrides/properties(_:fileID:filePath:line:column:)`` takes them as they are.
///
/// ```swift
/// let overrides = TestOverrides.properties(["feature.newCheckout": true, "database.port": 1])
/// ```
public struct TestPropertyValue: Sendable, Equatable {
    /// The value as the property store keeps it.
    package var value: PropertyValue

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

extension TestPropertyValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(.string(value)) }
}

extension TestPropertyValue {
    /// A value from a variable rather than a literal.
    package init(_ value: Bool) { self.init(.bool(value)) }

    /// A value from a variable rather than a literal.
    package init(_ value: Int) { self.init(.integer(Int64(value))) }

    /// A value from a variable rather than a literal.
    package init(_ value: Double) { self.init(.float(value)) }

    /// A value from a variable rather than a literal.
    package init(_ value: String) { self.init(.string(value)) }
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

extension TestPropertyValue {
    /// `value` as a property value: a ``TestPropertyValue`` as it is, `nil` as `null`, anything
    /// else as a custom loader's value converts.
    static func converting(_ value: any Sendable, key: String) throws -> TestPropertyValue {
        if let given = value as? TestPropertyValue { return given }
        if let optional = value as? any OptionalOverrideValue {
            guard let wrapped = optional.wrapped else { return TestPropertyValue(.null) }
            return TestPropertyValue(
                try PropertyValueBridging.propertyValue(from: wrapped, key: key, source: "test override"))
        }
        return TestPropertyValue(
            try PropertyValueBridging.propertyValue(from: value, key: key, source: "test override"))
    }
}

/// An optional runtime value given to `.properties`: `nil` hides the key, a wrapped value
/// converts as itself.
private protocol OptionalOverrideValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalOverrideValue {
    fileprivate var wrapped: Any? { map { $0 as Any } }
}
