import Foundation
public import Logging
public import SwinjectInjection

/// An order as the API returns it.
public struct Order: Codable, Sendable, Equatable {
    public let id: Int
    public let item: String
    public let quantity: Int
    /// The total in cents: `quantity` times the unit price read at the time of the order.
    public let totalCents: Int
    /// The request that placed the order.
    public let requestID: String
}

/// Where orders are kept. The app uses ``InMemoryOrderRepository``; tests put in their own.
public protocol OrderRepository: Sendable {
    func nextID() async -> Int
    func save(_ orders: [Order]) async throws
    func find(id: Int) async -> Order?
}

/// The app's repository: an actor, created at start-up (warm-up) and closed at shutdown.
public actor InMemoryOrderRepository: OrderRepository, Shutdownable {
    private var orders: [Int: Order] = [:]
    private var lastID = 0
    public private(set) var isOpen = true
    /// Where a real repository would connect.
    public nonisolated let host: String

    public init(settings: DatabaseSettings) {
        host = settings.host
    }

    public func nextID() -> Int {
        lastID += 1
        return lastID
    }

    public func save(_ new: [Order]) {
        for order in new { orders[order.id] = order }
    }

    public func find(id: Int) -> Order? { orders[id] }

    public func shutdown() async throws { isOpen = false }
}

/// The connection settings, from `database.*` (the password from the mounted secrets directory).
public final class DatabaseSettings: Sendable {
    public let host: String
    public let port: Int
    let password: String

    public init(host: String, port: Int, password: String) {
        self.host = host
        self.port = port
        self.password = password
    }
}

/// The price list: `pricing.unitPriceCents`, which the deployment file may change while the
/// server runs.
public final class Pricing: Sendable {
    public let unitPriceCents: Int
    public init(unitPriceCents: Int) { self.unitPriceCents = unitPriceCents }
}

/// The identity of one request: one per unit of work.
public final class RequestIdentity: Sendable {
    public let id = UUID().uuidString.lowercased()
    public init() {}
}

/// The orders one request stages, saved together when the handler commits: one per request.
public final class UnitOfWork: Sendable {
    public let identity: RequestIdentity
    let repository: any OrderRepository
    private let staged = LockedOrders()

    public init(identity: RequestIdentity, repository: any OrderRepository) {
        self.identity = identity
        self.repository = repository
    }

    func stage(_ order: Order) { staged.append(order) }

    /// Saves what was staged.
    func commit() async throws {
        try await repository.save(staged.take())
    }
}

/// Places and finds orders, with the request's unit of work, the price list and the request's
/// logger.
public struct OrderService: Sendable {
    let unit: UnitOfWork
    let pricing: Pricing
    let logger: Logger

    /// Async, so that autoregistration resolves its async dependencies with `resolveAsync`.
    public init(unit: UnitOfWork, pricing: Pricing, logger: Logger) async {
        self.unit = unit
        self.pricing = pricing
        self.logger = logger
    }

    public func place(item: String, quantity: Int) async throws -> Order {
        let order = Order(
            id: await unit.repository.nextID(), item: item, quantity: quantity,
            totalCents: quantity * pricing.unitPriceCents, requestID: unit.identity.id)
        unit.stage(order)
        try await unit.commit()
        logger.info("placed order", metadata: ["order.id": "\(order.id)"])
        return order
    }

    public func find(id: Int) async -> Order? {
        await unit.repository.find(id: id)
    }
}

/// Staged orders behind a lock the thread sanitizer sees.
private final class LockedOrders: @unchecked Sendable {
    private let lock = NSLock()
    private var orders: [Order] = []

    func append(_ order: Order) { lock.withLock { orders.append(order) } }

    func take() -> [Order] {
        lock.withLock {
            defer { orders = [] }
            return orders
        }
    }
}
