/// A property name that can be declared once and used everywhere, with autocompletion.
///
/// ```swift
/// extension PropertyKey {
///     static let apiBaseURL = PropertyKey("api.baseURL")
///     static let debugMode: PropertyKey = "debug.enabled"
/// }
/// let url: String? = container.property(.apiBaseURL)
/// ```
///
/// `r.property(.apiBaseURL)` and `r.property("api.baseURL")` read the same property.
public struct PropertyKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The property name, with `.` separating nested keys.
    public let name: String

    /// Creates a key from a property name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.name = value
    }

    /// The property name.
    public var description: String { name }
}
