public import Foundation
public import PropertyFormats

/// Loads properties from a property list (XML or binary) whose top level is a dictionary.
///
/// Each top-level key is one property, as with JSON; `<date>` values are `Date`s and `<data>`
/// values `Data`. A file whose top level is not a dictionary (including a corrupt binary plist
/// that Foundation would read as a plain string) is rejected.
///
/// ```swift
/// try container.applyPropertyLoader(PlistPropertyLoader(bundle: .main, name: "properties"))
/// ```
public struct PlistPropertyLoader: PropertyLoader, Sendable {
    let input: PropertyInput
    /// Limits on the input size and on the number of values the list expands to
    /// (`ParseLimits.maxNodesPerInputByte`: a binary property list can refer to one array
    /// from many places).
    public var limits: ParseLimits

    /// Reads `name.plist` from a bundle (the main bundle by default).
    public init(bundle: Bundle = .main, name: String, limits: ParseLimits = .default) {
        self.input = .bundle(bundle, name: name, fileExtension: "plist")
        self.limits = limits
    }

    /// Reads a file URL.
    public init(url: URL, limits: ParseLimits = .default) {
        self.input = .url(url)
        self.limits = limits
    }

    /// Reads property list text; `name` labels errors and sources.
    public init(string: String, name: String = "<string>", limits: ParseLimits = .default) {
        self.input = .data(Data(string.utf8), name: name)
        self.limits = limits
    }

    /// Reads property list bytes; `name` labels errors and sources.
    public init(data: Data, name: String = "<data>", limits: ParseLimits = .default) {
        self.input = .data(data, name: name)
        self.limits = limits
    }

    /// The top-level keys, in sorted order (property lists do not keep order).
    public func loadProperties() throws -> [LoadedProperty] {
        let source = input.sourceName
        let data = try input.read(limits: limits)
        if let problem = BinaryPropertyListCheck.problem(in: data) {
            throw PropertyLoaderError(
                .malformedContent, source: source, message: "not a valid property list: \(problem)")
        }
        let propertySource = PropertySource(name: source)
        #if os(Linux)
            switch try CoreFoundationPropertyList.read(data, source: source, limits: limits) {
            case .members(let members):
                return members.map { LoadedProperty(key: $0.key, value: $0.node.value, source: propertySource) }
            case .other(let kindName):
                throw PropertyLoaderError(
                    .invalidTopLevel, source: source, message: "top level is \(kindName), expected a dictionary")
            }
        #else
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                throw PlistParseFailure(error).loaderError(source: source)
            }
            guard let pairs = PropertyValueBridging.sortedTopLevel(plist) else {
                throw PropertyLoaderError(
                    .invalidTopLevel, source: source,
                    message: "top level is \(Self.kindName(of: plist)), expected a dictionary")
            }
            var properties: [LoadedProperty] = []
            properties.reserveCapacity(pairs.count)
            if let (first, second) = PropertyValueBridging.equivalentKeys(in: pairs.map(\.key)) {
                throw PropertyLoaderError(
                    .conflictingKeys, source: source,
                    message: "top level \(PropertyValueBridging.equivalentKeysProblem(first, second))")
            }
            var budget = ValueBudget(limits: limits, inputBytes: data.count)
            guard budget.spend(pairs.count) else { throw budget.exceeded(source: source, at: "") }
            for (key, value) in pairs {
                let converted = try PropertyValueBridging.propertyValue(
                    from: value, key: key, source: source, budget: &budget)
                properties.append(LoadedProperty(key: key, value: converted, source: propertySource))
            }
            return properties
        #endif
    }

    /// The top-level keys as plain values.
    public func load() throws -> [String: Any] {
        try loadProperties().plainDictionary
    }

    #if !os(Linux)
        private static func kindName(of value: Any) -> String {
            switch value {
            case is String: "a string"
            case is [Any]: "an array"
            case is Data: "data"
            case is Date: "a date"
            default: "a \(type(of: value))"
            }
        }
    #endif
}
