import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OrdersApp
import SwinjectAutoregistration

/// The benchmark's two versions of `GET /orders/:id`: one resolves the request's five
/// request-scoped services from SwinjectKit, the other builds the same services by hand. Both
/// then do the same work.
enum BenchmarkRoutes {
    /// The order the benchmark's requests find, saved before the server takes traffic.
    static func seededOrder() throws -> Order {
        let json = #"{"id": 1, "item": "book", "quantity": 2, "totalCents": 600, "requestID": "seed"}"#
        return try JSONDecoder().decode(Order.self, from: Data(json.utf8))
    }

    /// `GET /scoped/orders/:id`: one unit of work per request; the identity, logger, unit of
    /// work, deadline and audit come from the `.request` scope, and the autoregistered
    /// `OrderService` gets the same unit and logger.
    static func addScoped(to router: Router<BasicRequestContext>, resolver: SendableResolver) {
        router.get("/scoped/orders/:id") { _, context -> EditedResponse<Order> in
            try await resolver.withScope {
                try await BenchmarkRoutes.findOrder(context, services: BenchmarkRoutes.resolved(from: resolver))
            }
        }
    }

    /// `GET /by-hand/orders/:id`: the same five services and `OrderService`, built by hand for
    /// each request from singletons made at start-up.
    static func addByHand(to router: Router<BasicRequestContext>, services: HandBuiltServices) {
        router.get("/by-hand/orders/:id") { _, context -> EditedResponse<Order> in
            try await BenchmarkRoutes.findOrder(context, services: BenchmarkRoutes.built(from: services))
        }
    }

    /// The request's services from the current unit of work.
    static func resolved(from resolver: SendableResolver) async throws -> RequestServices {
        let identity = try resolver.resolveOrThrow(RequestIdentity.self)
        let logger = try resolver.resolveOrThrow(Logger.self)
        let unit = try await resolver.resolveAsync(UnitOfWork.self)
        let deadline = try resolver.resolveOrThrow(RequestDeadline.self)
        let audit = try resolver.resolveOrThrow(RequestAudit.self)
        let service = try await resolver.resolveAsync(OrderService.self)
        return RequestServices(
            identity: identity, logger: logger, unit: unit, deadline: deadline, audit: audit, service: service)
    }

    /// The request's services, built by hand.
    static func built(from services: HandBuiltServices) async -> RequestServices {
        let identity = RequestIdentity()
        var logger = Logger(label: "orders")
        logger[metadataKey: "request.id"] = "\(identity.id)"
        let unit = UnitOfWork(identity: identity, repository: services.repository)
        let deadline = RequestDeadline(budgetMilliseconds: services.budgetMilliseconds)
        let audit = RequestAudit(identity: identity)
        let service = await OrderService(unit: unit, pricing: services.pricing, logger: logger)
        return RequestServices(
            identity: identity, logger: logger, unit: unit, deadline: deadline, audit: audit, service: service)
    }

    /// Builds `count` requests' services without a server, off the main actor as the handlers
    /// run: in a unit of work each from the SwinjectKit app's container (`kit`), by hand
    /// (`by-hand`), or from plain Swinject (`swinject`, ``PlainSwinjectRoute``).
    static func buildServices(count: Int, mode: String, sources: ConfigurationSources) async throws {
        let (container, _) = try makeKitContainer(sources: sources)
        let resolver = container.sendableResolver()
        let handBuilt = try HandBuiltServices(container: container)
        switch mode {
        case "kit":
            for _ in 0..<count { _ = try await resolver.withScope { try await resolved(from: resolver) } }
        case "by-hand":
            for _ in 0..<count { _ = await built(from: handBuilt) }
        case "swinject":
            try await PlainSwinjectRoute.buildServices(count: count, services: handBuilt)
        default:
            throw BenchmarkFailure("units: the mode is kit, by-hand or swinject, not \(mode)")
        }
    }

    /// The work both versions share. It fails the request unless the unit of work and the audit
    /// hold the request's identity, so a scope that shared nothing could not pass the benchmark.
    static func findOrder(_ context: BasicRequestContext, services: RequestServices) async throws
        -> EditedResponse<Order>
    {
        let (identity, logger, unit, deadline, audit) = (
            services.identity, services.logger, services.unit, services.deadline, services.audit
        )
        guard unit.identity === identity, audit.identity === identity else {
            throw HTTPError(.internalServerError, message: "the request's services hold another identity")
        }
        let id = try context.parameters.require("id", as: Int.self)
        audit.record("find \(id)")
        logger.debug("finding order", metadata: ["order.id": "\(id)"])
        guard let order = await services.service.find(id: id) else { throw HTTPError(.notFound) }
        if deadline.hasPassed { throw HTTPError(.serviceUnavailable) }
        return EditedResponse(headers: [.requestID: identity.id], response: order)
    }
}

/// One request's services: the five request-scoped ones and the `OrderService` built on them.
struct RequestServices: Sendable {
    let identity: RequestIdentity
    let logger: Logger
    let unit: UnitOfWork
    let deadline: RequestDeadline
    let audit: RequestAudit
    let service: OrderService
}

/// The singletons the by-hand route builds its request services from.
struct HandBuiltServices: Sendable {
    let repository: any OrderRepository
    let pricing: Pricing
    let budgetMilliseconds: Int
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-ID")!
}
