/// What a loader is, for the code that treats file loaders, directory loaders and batch
/// loaders differently (reloading, applying).
///
/// The library's own loaders are told apart by their type. A protocol cast (`as? any
/// FilePropertyLoader`) looks the conformance up in the runtime, which, the first time it meets a
/// type, scans every conformance record of the process; start-up would pay that once per loader
/// type. A loader of another type is cast.
enum LoaderShape {
    /// A loader that reads one file or bytes in memory, in a known format.
    case file(any FilePropertyLoader)
    /// A ``DirectoryPropertyLoader``.
    case directory(DirectoryPropertyLoader)
    /// Another loader that gives its properties with their sources.
    case batch(any PropertyBatchLoader)
    /// A loader that gives plain values only.
    case plain

    init(_ loader: any PropertyLoader) {
        switch loader {
        case let json as JsonPropertyLoader: self = .file(json)
        case let toml as TomlPropertyLoader: self = .file(toml)
        case let dotEnv as DotEnvPropertyLoader: self = .file(dotEnv)
        case let plist as PlistPropertyLoader: self = .file(plist)
        #if YAML
            case let yaml as YAMLPropertyLoader: self = .file(yaml)
        #endif
        case let directory as DirectoryPropertyLoader: self = .directory(directory)
        case let environment as EnvironmentPropertyLoader: self = .batch(environment)
        case let commandLine as CommandLinePropertyLoader: self = .batch(commandLine)
        default: self = Self.cast(loader)
        }
    }

    private static func cast(_ loader: any PropertyLoader) -> LoaderShape {
        if let file = loader as? any FilePropertyLoader { return .file(file) }
        if let batch = loader as? any PropertyBatchLoader { return .batch(batch) }
        return .plain
    }
}
