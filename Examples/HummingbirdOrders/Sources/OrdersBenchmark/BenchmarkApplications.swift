import Foundation
import Hummingbird
import Logging
import OrdersApp
import Swinject
import SwinjectAutoregistration
import SwinjectKitLifecycle
import SwinjectPropertyLoader

/// The orders app wired with SwinjectKit as the example wires it (the five configuration layers,
/// reload, `checkProperties()` and `verify(.resolvingEach)` before the port opens), with the
/// benchmark's services added: two more request-scoped services and the configured widgets.
/// It serves `/health`, `/scoped/orders/:id`, `/by-hand/orders/:id` and `/swinject/orders/:id`.
func buildKitApplication(sources: ConfigurationSources) throws -> some ApplicationProtocol {
    let (container, reloader) = try makeKitContainer(sources: sources)
    let port: Int = try container.requiredProperty("server.port")
    let host: String = try container.requiredProperty("server.host")
    let resolver = container.sendableResolver()
    let handBuilt = try HandBuiltServices(container: container)
    let router = Router()
    router.get("/health") { _, _ in "ok" }
    BenchmarkRoutes.addScoped(to: router, resolver: resolver)
    BenchmarkRoutes.addByHand(to: router, services: handBuilt)
    PlainSwinjectRoute.add(to: router, resolver: PlainSwinjectRoute.makeResolver(services: handBuilt))
    var app = Application(
        router: router,
        configuration: .init(address: .hostname(host, port: port)),
        services: [InjectorService(container: container), ReloadService(reloader: reloader)],
        logger: Logger(label: "orders-benchmark"))
    app.beforeServerStarts {
        try await resolver.resolveOrThrow((any OrderRepository).self).save([BenchmarkRoutes.seededOrder()])
    }
    return app
}

/// The SwinjectKit app's container, loaded, registered and checked as the example's
/// `OrdersContainer` is, with the benchmark's services.
func makeKitContainer(sources: ConfigurationSources) throws -> (Container, PropertyReloader) {
    let container = Container()
    let reloader = try PropertyReloader(container: container, loaders: sources.loaders)
    OrdersContainer.register(in: container)
    BenchmarkServices.register(in: container)
    try container.withScope { try container.checkProperties() }
    _ = try container.verify(.resolvingEach)
    return (container, reloader)
}

extension HandBuiltServices {
    /// The singletons of the SwinjectKit app, for its by-hand route.
    init(container: Container) throws {
        try self.init(
            repository: container.resolveOrThrow((any OrderRepository).self),
            pricing: container.resolveOrThrow(Pricing.self),
            budgetMilliseconds: container.requiredProperty("requests.budgetMilliseconds"))
    }
}

/// The configuration of the hand-wired app: one JSON file holding every value the layers give
/// the SwinjectKit app, decoded with `JSONDecoder`.
struct HandWiredConfiguration: Codable {
    struct Server: Codable {
        var host: String
        var port: Int
    }
    struct Database: Codable {
        var host: String
        var port: Int
        var poolSize: Int
        var url: String
        var password: String
    }
    struct Pricing: Codable { var unitPriceCents: Int }
    struct Requests: Codable { var budgetMilliseconds: Int }

    var server: Server
    var database: Database
    var pricing: Pricing
    var requests: Requests
    /// The widgets' limits, by index.
    var widgets: [Int]
}

/// The same app wired by hand: one JSON file, every service built at start-up (as
/// `verify(.resolvingEach)` builds each one in the SwinjectKit app). It serves `/health` and
/// `/by-hand/orders/:id`.
func buildHandWiredApplication(configuration file: URL, port: Int?) throws -> some ApplicationProtocol {
    let configuration = try JSONDecoder().decode(HandWiredConfiguration.self, from: Data(contentsOf: file))
    let settings = DatabaseSettings(
        host: configuration.database.host, port: configuration.database.port,
        password: configuration.database.password)
    let repository = InMemoryOrderRepository(settings: settings)
    let pricing = Pricing(unitPriceCents: configuration.pricing.unitPriceCents)
    var built: [Widget] = []
    for (index, limit) in configuration.widgets.enumerated() {
        built.append(Widget(index: index, limit: limit, previous: Widget.hasPrevious(index) ? built.last : nil))
    }
    let widgets = built
    let router = Router()
    router.get("/health") { _, _ in "ok" }
    BenchmarkRoutes.addByHand(
        to: router,
        services: HandBuiltServices(
            repository: repository, pricing: pricing, budgetMilliseconds: configuration.requests.budgetMilliseconds))
    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.server.host, port: port ?? configuration.server.port)),
        logger: Logger(label: "orders-benchmark"))
    app.beforeServerStarts {
        // The widgets live as long as the app, as the container's singletons do.
        withExtendedLifetime(widgets) {}
        try await repository.save([BenchmarkRoutes.seededOrder()])
    }
    return app
}
