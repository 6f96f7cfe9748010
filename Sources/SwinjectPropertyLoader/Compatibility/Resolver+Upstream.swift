public import Swinject
import SwinjectKitSupport

extension Resolver {
    /// The property for a declared key; the SwinjectPropertyLoader 2.x fork's spelling.
    @available(*, deprecated, renamed: "property(_:)")
    public func property<T>(forKey key: PropertyKey, fileID: String = #fileID, line: Int = #line) -> T? {
        property(key.name, fileID: fileID, line: line)
    }

    /// Applies a loader to the container behind this resolver, as SwinjectPropertyLoader 1.0's
    /// `Resolver.applyPropertyLoader(_:)` did (for example `assembler.resolver.applyPropertyLoader(loader)`).
    ///
    /// - Throws: what the loader throws, or ``PropertyLoaderError`` with code
    ///   ``PropertyLoaderError/unsupportedValue`` when the resolver is not a Swinject `Container`.
    public func applyPropertyLoader(_ loader: any PropertyLoader) throws {
        guard let container = self as? Container else {
            throw PropertyLoaderError(
                .unsupportedValue, source: TypeNames.short(type(of: self)),
                message: "properties can only be applied to a Swinject Container, not to \(type(of: self))")
        }
        try container.applyPropertyLoader(loader)
    }
}

extension Assembler {
    /// Applies a loader to the assembler's container, so that assemblies applied afterwards can
    /// read its properties; SwinjectPropertyLoader 1.0's spelling, kept as it is.
    ///
    /// ```swift
    /// let assembler = Assembler()
    /// try assembler.applyPropertyLoader(JsonPropertyLoader(bundle: .main, name: "properties"))
    /// assembler.apply(assembly: NetworkAssembly())
    /// ```
    public func applyPropertyLoader(_ loader: any PropertyLoader) throws {
        try resolver.applyPropertyLoader(loader)
    }
}
