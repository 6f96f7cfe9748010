import Foundation
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
///
/// The name is the upstream spelling (SwinjectPropertyLoader), kept so code written for it
/// compiles unchanged.
public struct PlistPropertyLoader: FilePropertyLoader {
    /// Limits on the input size and on the number of values the list expands to.
    public struct Options: Sendable {
        /// `limits.maxInputBytes` bounds the file; `limits.maxNodesPerInputByte` bounds the
        /// values it expands to (a binary property list can refer to one array from many places).
        public var limits: ParseLimits

        /// Options with the given limits.
        public init(limits: ParseLimits = .default) {
            self.limits = limits
        }
    }

    /// What the loader reads.
    public let input: PropertyInput
    /// The limits.
    public var options: Options

    /// `"plist"`.
    public static var fileExtension: String { "plist" }
    /// The default options.
    public static var defaultOptions: Options { .init() }

    /// Creates a loader that reads `input` with `options`.
    public init(input: PropertyInput, options: Options) {
        self.input = input
        self.options = options
    }

    /// The top-level keys, in sorted order (property lists do not keep order).
    public func loadBatch() throws -> PropertyBatch {
        PropertyBatch(try loadSortedProperties(), limits: options.limits)
    }

    private func loadSortedProperties() throws -> [LoadedProperty] {
        let limits = options.limits
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
