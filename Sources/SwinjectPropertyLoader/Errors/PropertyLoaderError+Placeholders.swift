extension PropertyLoaderError.Code {
    /// A placeholder names a property that is not set and has no default, or one whose value
    /// (a table, an array, data) cannot be inserted into text.
    package static let unresolvedPlaceholder = Self("unresolved-placeholder")
    /// Placeholders refer to each other in a cycle; the message names the chain.
    package static let placeholderCycle = Self("placeholder-cycle")
    /// Expansion passed a ``PlaceholderLimits`` bound: depth, one value's size or the total.
    package static let placeholderLimit = Self("placeholder-limit")
    /// A `${` without `}`, an empty or nested placeholder, or the unsupported `env:` prefix.
    package static let malformedPlaceholder = Self("malformed-placeholder")
}

extension PropertyLoaderError {
    /// A placeholder names a property that is not set and has no default, or one whose value
    /// (a table, an array, data) cannot be inserted into text.
    /// Equals every error with the code `unresolved-placeholder`.
    public static let unresolvedPlaceholder = PropertyLoaderError(.unresolvedPlaceholder, source: "", message: "")
    /// Placeholders refer to each other in a cycle; the message names the chain.
    /// Equals every error with the code `placeholder-cycle`.
    public static let placeholderCycle = PropertyLoaderError(.placeholderCycle, source: "", message: "")
    /// Expansion passed a ``PlaceholderLimits`` bound: depth, one value's size or the total.
    /// Equals every error with the code `placeholder-limit`.
    public static let placeholderLimit = PropertyLoaderError(.placeholderLimit, source: "", message: "")
    /// A `${` without `}`, an empty or nested placeholder, or the unsupported `env:` prefix.
    /// Equals every error with the code `malformed-placeholder`.
    public static let malformedPlaceholder = PropertyLoaderError(.malformedPlaceholder, source: "", message: "")
}
