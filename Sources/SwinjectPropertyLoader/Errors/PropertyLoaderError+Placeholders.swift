extension PropertyLoaderError.Code {
    /// A placeholder names a property that is not set and has no default, or one whose value
    /// (a table, an array, data) cannot be inserted into text.
    public static let unresolvedPlaceholder = Self("unresolved-placeholder")
    /// Placeholders refer to each other in a cycle; the message names the chain.
    public static let placeholderCycle = Self("placeholder-cycle")
    /// Expansion passed a ``PlaceholderLimits`` bound: depth, one value's size or the total.
    public static let placeholderLimit = Self("placeholder-limit")
    /// A `${` without `}`, an empty or nested placeholder, or the unsupported `env:` prefix.
    public static let malformedPlaceholder = Self("malformed-placeholder")
}

extension PropertyLoaderError {
    /// A value that equals every error with code ``Code/unresolvedPlaceholder``.
    public static let unresolvedPlaceholder = PropertyLoaderError(.unresolvedPlaceholder, source: "", message: "")
    /// A value that equals every error with code ``Code/placeholderCycle``.
    public static let placeholderCycle = PropertyLoaderError(.placeholderCycle, source: "", message: "")
    /// A value that equals every error with code ``Code/placeholderLimit``.
    public static let placeholderLimit = PropertyLoaderError(.placeholderLimit, source: "", message: "")
    /// A value that equals every error with code ``Code/malformedPlaceholder``.
    public static let malformedPlaceholder = PropertyLoaderError(.malformedPlaceholder, source: "", message: "")
}
