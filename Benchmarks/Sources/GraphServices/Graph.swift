public import Swinject
public import SwinjectInjection

/// Reads one service through a property wrapper of a fixed injector (the `@Injected` rows).
public protocol InjectedReading {
    /// Reads a `Service` through `@Injected`; returns 1.
    static func read<Service>(_ type: Service.Type) -> Int
}

/// The deep transient graph of the graph and registration benchmarks (see
/// `Benchmarks/Scripts/generate-graph.py`): up to 1,000 top-level services, each taking ten shared
/// dependencies that take up to three each, about 690 objects per top-level resolve. Every
/// function takes the number of top-level services, a multiple of ``chunk``.
public enum Graph {
    /// The largest number of top-level services.
    public static let maximumServices = 1_000
    /// Services come in chunks of this many.
    public static let chunk = 100

    /// Objects that resolving each of the first `services` top-level services once builds.
    public static func objects(services: Int) -> Int {
        generatedObjectCounts.prefix(services).reduce(0, +)
    }

    /// Registers the shared types and the first `services` services with closures that call
    /// `r.resolve(...)!` for each dependency.
    public static func registerByHand(_ container: Container, services: Int) {
        registerSharedByHand(container)
        for index in 0..<chunks(services) { registerChunksByHand[index](container) }
    }

    /// Registers the same types with `autoregister(_:initializer:)`.
    public static func autoregister(_ container: Container, services: Int) {
        registerSharedAutoregister(container)
        for index in 0..<chunks(services) { registerChunksAutoregister[index](container) }
    }

    /// Registers the same types as `Injection.factory` closures that `get` their dependencies.
    public static func register(_ injector: Injector, services: Int) {
        registerSharedInjector(injector)
        for index in 0..<chunks(services) { registerChunksInjector[index](injector) }
    }

    /// Resolves each of the first `services` services once; returns how many resolved.
    public static func resolveAll(_ resolver: any Resolver, services: Int) -> Int {
        var built = 0
        for index in 0..<chunks(services) { built &+= resolveChunks[index](resolver) }
        return built
    }

    /// Gets each of the first `services` services once from `injector`; returns how many it got.
    public static func getAll(_ injector: Injector, services: Int) -> Int {
        var built = 0
        for index in 0..<chunks(services) { built &+= getChunks[index](injector) }
        return built
    }

    /// Reads each of the first `services` services once through `reader`.
    public static func injectAll<Reader: InjectedReading>(_ reader: Reader.Type, services: Int) -> Int {
        var built = 0
        for index in 0..<chunks(services) { built &+= injectChunk(index, reader) }
        return built
    }

    private static func chunks(_ services: Int) -> Int {
        precondition(services % chunk == 0 && services <= maximumServices, "services: a multiple of \(chunk)")
        return services / chunk
    }
}
