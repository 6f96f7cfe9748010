import Foundation
import Hummingbird
import Logging
import OrdersApp
import Swinject

/// The floor under the scoped route: the same five request-scoped services resolved from a plain
/// Swinject container, with nothing of SwinjectKit. Swinject's own thread-safe resolver
/// (`synchronize()`) serializes the resolves, as a Swinject user serving concurrent requests
/// would, and the smallest request scope Swinject's public API allows keeps one instance per
/// registration in a task-local unit. No configuration, usage tracking, override or diagnostics:
/// what is left is what Swinject itself costs per request.
enum PlainSwinjectRoute {
    /// `GET /swinject/orders/:id`: the scoped route's handler on plain Swinject.
    static func add(to router: Router<BasicRequestContext>, resolver: SynchronizedResolver) {
        router.get("/swinject/orders/:id") { _, context -> EditedResponse<Order> in
            try await PlainUnit.$current.withValue(PlainUnit()) {
                try await BenchmarkRoutes.findOrder(context, services: resolved(from: resolver.resolver))
            }
        }
    }

    /// A synchronized resolver of a plain Swinject container holding the route's services and
    /// the singletons of `services`.
    static func makeResolver(services: HandBuiltServices) -> SynchronizedResolver {
        let container = Container()
        container.register((any OrderRepository).self) { _ in services.repository }.inObjectScope(.container)
        container.register(Pricing.self) { _ in services.pricing }.inObjectScope(.container)
        container.register(RequestIdentity.self) { _ in RequestIdentity() }.inObjectScope(.plainRequest)
        container.register(Logger.self) { r in
            var logger = Logger(label: "orders")
            logger[metadataKey: "request.id"] = "\(r.resolve(RequestIdentity.self)!.id)"
            return logger
        }
        .inObjectScope(.plainRequest)
        container.register(UnitOfWork.self) { r in
            UnitOfWork(identity: r.resolve(RequestIdentity.self)!, repository: r.resolve((any OrderRepository).self)!)
        }
        .inObjectScope(.plainRequest)
        container.register(RequestDeadline.self) { _ in
            RequestDeadline(budgetMilliseconds: services.budgetMilliseconds)
        }
        .inObjectScope(.plainRequest)
        container.register(RequestAudit.self) { r in RequestAudit(identity: r.resolve(RequestIdentity.self)!) }
            .inObjectScope(.plainRequest)
        return SynchronizedResolver(resolver: container.synchronize())
    }

    /// The request's services: the five resolved one by one, as the scoped route resolves them,
    /// and `OrderService` (whose initializer is async, which Swinject cannot call) built on them.
    static func resolved(from resolver: any Resolver) async throws -> RequestServices {
        guard let identity = resolver.resolve(RequestIdentity.self), let logger = resolver.resolve(Logger.self),
            let unit = resolver.resolve(UnitOfWork.self), let deadline = resolver.resolve(RequestDeadline.self),
            let audit = resolver.resolve(RequestAudit.self), let pricing = resolver.resolve(Pricing.self)
        else { throw HTTPError(.internalServerError, message: "a service did not resolve") }
        let service = await OrderService(unit: unit, pricing: pricing, logger: logger)
        return RequestServices(
            identity: identity, logger: logger, unit: unit, deadline: deadline, audit: audit, service: service)
    }

    /// Builds `count` requests' services without a server, as ``BenchmarkRoutes/buildServices(count:kit:sources:)``.
    static func buildServices(count: Int, services: HandBuiltServices) async throws {
        let resolver = makeResolver(services: services).resolver
        for _ in 0..<count {
            _ = try await PlainUnit.$current.withValue(PlainUnit()) { try await resolved(from: resolver) }
        }
    }
}

/// Swinject's synchronized resolver, which takes its container's lock for every resolve; Swift 6
/// needs the wrapper to let the route's handlers share it.
struct SynchronizedResolver: @unchecked Sendable {
    let resolver: any Resolver
}

/// One request's instances for the plain Swinject route, by registration storage.
final class PlainUnit: @unchecked Sendable {
    @TaskLocal static var current: PlainUnit?

    private let lock = NSLock()
    private var instances: [ObjectIdentifier: Any] = [:]

    func instance(for storage: AnyObject) -> Any? {
        lock.withLock { instances[ObjectIdentifier(storage)] }
    }

    func keep(_ instance: Any?, for storage: AnyObject) {
        lock.withLock { instances[ObjectIdentifier(storage)] = instance }
    }
}

/// The storage of one plain request-scoped registration: the instance of the current unit.
final class PlainRequestStorage: InstanceStorage {
    var instance: Any? {
        get { PlainUnit.current?.instance(for: self) }
        set { PlainUnit.current?.keep(newValue, for: self) }
    }
}

extension ObjectScope {
    /// One instance per `PlainUnit`.
    static let plainRequest = ObjectScope(storageFactory: PlainRequestStorage.init, description: "plainRequest")
}
