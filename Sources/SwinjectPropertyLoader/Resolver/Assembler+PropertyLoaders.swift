public import Swinject

extension Assembler {
    /// Creates an assembler whose container has the loaders' properties before any assembly
    /// runs, so factories and `Assembly.loaded(resolver:)` can read them. The loaders apply in
    /// order, all or none, as ``Swinject/Container/applyPropertyLoaders(_:)`` applies them.
    ///
    /// ```swift
    /// let assembler = try Assembler(
    ///     assemblies: [NetworkAssembly()],
    ///     propertyLoaders: [JsonPropertyLoader(bundle: .main, name: "properties")])
    /// ```
    public convenience init(
        assemblies: [any Assembly], propertyLoaders: [any PropertyLoader], container: Container = Container()
    ) throws {
        try container.applyPropertyLoaders(propertyLoaders)
        self.init(assemblies, container: container)
    }

    /// Creates a child assembler whose container sees the parent's properties, with the
    /// loaders' properties applied on top before the assemblies run.
    public convenience init(
        assemblies: [any Assembly], parentAssembler: Assembler?, propertyLoaders: [any PropertyLoader]
    ) throws {
        self.init(parentAssembler: parentAssembler)
        if let container = resolver as? Container {
            try container.applyPropertyLoaders(propertyLoaders)
        }
        apply(assemblies: assemblies)
    }
}
