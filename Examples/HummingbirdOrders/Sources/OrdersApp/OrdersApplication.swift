import Foundation
import HTTPTypes
public import Hummingbird
public import Logging
import ServiceLifecycle
import Swinject
import SwinjectAutoregistration
import SwinjectKitLifecycle
import SwinjectPropertyLoader

/// The body of `POST /orders`.
struct PlaceOrder: Decodable {
    let item: String
    let quantity: Int
}

/// Runs each request as one unit of work of SwinjectKit's request scope, and returns the unit's
/// request id in `X-Request-ID`.
struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    let resolver: SendableResolver

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        try await resolver.withScope {
            let identity = try resolver.resolveOrThrow(RequestIdentity.self)
            var response = try await next(request, context)
            response.headers[.requestID] = identity.id
            return response
        }
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-ID")!
}

/// The router: every handler gets its services from the request's unit of work.
func buildRouter(resolver: SendableResolver) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: RequestScopeMiddleware(resolver: resolver))
    router.get("/health") { _, _ in "ok" }
    router.post("/orders") { request, context -> EditedResponse<Order> in
        let body = try await request.decode(as: PlaceOrder.self, context: context)
        let service = try await resolver.resolveAsync(OrderService.self)
        let order = try await service.place(item: body.item, quantity: body.quantity)
        return EditedResponse(status: .created, response: order)
    }
    router.get("/orders/:id") { _, context -> Order in
        let id = try context.parameters.require("id", as: Int.self)
        let service = try await resolver.resolveAsync(OrderService.self)
        guard let order = await service.find(id: id) else { throw HTTPError(.notFound) }
        return order
    }
    return router
}

extension Order: ResponseEncodable {}

/// Builds the application: configuration checked, services verified, the repository warmed up
/// before the server accepts traffic, the configuration reloaded while it runs, and on `SIGTERM`
/// the server stopped first, then the services closed in reverse order of creation.
///
/// - Throws: The configuration or verification report, before any port is opened.
public func buildApplication(sources: ConfigurationSources, logger: Logger = Logger(label: "orders"))
    throws -> some ApplicationProtocol
{
    try buildApplication(orders: OrdersContainer(sources: sources), logger: logger)
}

/// Builds the application on a checked container (tests build it to reach the container).
public func buildApplication(orders: OrdersContainer, logger: Logger = Logger(label: "orders")) throws
    -> some ApplicationProtocol
{
    let container = orders.container
    let port: Int = try container.requiredProperty("server.port")
    let host: String = try container.requiredProperty("server.host")
    let resolver = container.sendableResolver()
    var app = Application(
        router: buildRouter(resolver: resolver),
        configuration: .init(address: .hostname(host, port: port)),
        services: [InjectorService(container: container), ReloadService(reloader: orders.reloader)],
        logger: logger)
    // Warm-up: the repository is created (and would connect) before the server takes traffic.
    app.beforeServerStarts {
        _ = try resolver.resolveOrThrow((any OrderRepository).self)
    }
    return app
}
