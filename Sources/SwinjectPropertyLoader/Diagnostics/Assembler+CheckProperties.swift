public import Swinject
import SwinjectKitSupport

extension Assembler {
    /// Checks that every property the assembled registrations need can be read; see
    /// ``Swinject/Container/checkProperties(resolvingRegistrations:)``.
    ///
    /// ```swift
    /// let assembler = try Assembler(
    ///     assemblies: [DatabaseAssembly()],
    ///     propertyLoaders: [TomlPropertyLoader(url: URL(fileURLWithPath: "config/app.toml"))])
    /// try assembler.checkProperties()
    /// ```
    public func checkProperties(resolvingRegistrations: Bool = true) throws(PropertyCheckError) {
        guard let container = resolver as? Container else {
            let failure = PropertyError(
                .noPropertyStore, key: "", requestedType: TypeNames.short(type(of: resolver)), fileID: #fileID,
                line: #line)
            throw PropertyCheckError(failures: [failure])
        }
        try container.checkProperties(resolvingRegistrations: resolvingRegistrations)
    }
}
