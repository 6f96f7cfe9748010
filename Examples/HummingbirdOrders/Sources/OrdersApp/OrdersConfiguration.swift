public import Foundation
import Logging
public import Swinject
import SwinjectAutoregistration
import SwinjectInjection
public import SwinjectPropertyLoader

/// Where the app's configuration comes from, in the order the layers apply (a later one wins):
/// JSON defaults, the deployment's TOML file (reloaded while the server runs), a `.env` file,
/// `APP_*` environment variables, command-line flags (`--server.port=8081`), then the mounted
/// secrets directory (every value secret).
public struct ConfigurationSources: Sendable {
    public var defaults: URL
    public var deployment: URL
    public var dotEnv: URL?
    public var environment: [String: String]
    public var arguments: [String]
    public var secrets: URL?

    public init(
        defaults: URL, deployment: URL, dotEnv: URL? = nil, environment: [String: String] = [:],
        arguments: [String] = [], secrets: URL? = nil
    ) {
        self.defaults = defaults
        self.deployment = deployment
        self.dotEnv = dotEnv
        self.environment = environment
        self.arguments = arguments
        self.secrets = secrets
    }

    /// The files of `directory` (`defaults.json`, `deployment.toml`, `.env`, `secrets/`), with the
    /// process's environment and arguments.
    public static func standard(in directory: URL) -> ConfigurationSources {
        ConfigurationSources(
            defaults: directory.appendingPathComponent("defaults.json"),
            deployment: directory.appendingPathComponent("deployment.toml"),
            dotEnv: directory.appendingPathComponent(".env"),
            environment: ProcessInfo.processInfo.environment,
            arguments: Array(CommandLine.arguments.dropFirst()),
            secrets: directory.appendingPathComponent("secrets"))
    }

    package var loaders: [any PropertyLoader] {
        var loaders: [any PropertyLoader] = [JsonPropertyLoader(url: defaults), TomlPropertyLoader(url: deployment)]
        if let dotEnv { loaders.append(DotEnvPropertyLoader(url: dotEnv)) }
        loaders.append(EnvironmentPropertyLoader(prefix: "APP_", variables: environment))
        loaders.append(CommandLinePropertyLoader(arguments: arguments))
        if let secrets { loaders.append(DirectoryPropertyLoader(url: secrets, secret: true)) }
        return loaders
    }
}

/// The app's container and the reloader of its configuration.
public struct OrdersContainer {
    public let container: Container
    public let reloader: PropertyReloader

    /// Loads the configuration, registers the services and checks both: every property read is
    /// readable (`checkProperties()`) and every service resolves (`verify(.resolvingEach)`). A
    /// failure throws the whole report before anything listens on a port.
    public init(sources: ConfigurationSources) throws {
        let container = Container()
        reloader = try PropertyReloader(container: container, loaders: sources.loaders)
        Self.register(in: container)
        // The dry run resolves every registration: inside a unit of work, as a request would.
        try container.withScope { try container.checkProperties() }
        _ = try container.verify(.resolvingEach)  // throws listing every service that fails
        self.container = container
    }

    package static func register(in container: Container) {
        container.register(DatabaseSettings.self) { r in
            try DatabaseSettings(
                host: r.requiredProperty("database.host"), port: r.requiredProperty("database.port"),
                password: r.requiredProperty("database.password"))
        }
        .inObjectScope(.container)
        container.register(Pricing.self) { r in
            try Pricing(unitPriceCents: r.requiredProperty("pricing.unitPriceCents"))
        }
        .inObjectScope(.container)
        container.register((any OrderRepository).self) { r in
            try InMemoryOrderRepository(settings: r.resolveOrThrow(DatabaseSettings.self))
        }
        .inObjectScope(.container)
        .shutsDown()
        // One per request: the request's identity, its logger and its unit of work.
        container.register(RequestIdentity.self) { _ in RequestIdentity() }.inObjectScope(.request)
        container.register(Logger.self) { r in
            var logger = Logger(label: "orders")
            logger[metadataKey: "request.id"] = "\(try r.resolveOrThrow(RequestIdentity.self).id)"
            return logger
        }
        .inObjectScope(.request)
        container.registerAsync(UnitOfWork.self) { r in
            UnitOfWork(
                identity: try await r.resolveAsync(RequestIdentity.self),
                repository: try await r.resolveAsync((any OrderRepository).self))
        }
        .inObjectScope(.request)
        container.autoregister(OrderService.self, initializer: OrderService.init)
    }
}
