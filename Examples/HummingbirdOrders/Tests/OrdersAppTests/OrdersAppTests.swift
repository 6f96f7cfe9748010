import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import OrdersApp
import Swinject
import SwinjectAutoregistration
import SwinjectKitTesting
import SwinjectPropertyLoader
import Testing

/// A copy of the example's `Config/` in a temporary directory, which a test may edit.
struct TestConfig {
    let directory: URL
    var arguments = ["--server.port=0"]

    init() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: directory)
    }

    var sources: ConfigurationSources {
        var sources = ConfigurationSources.standard(in: directory)
        sources.environment = ["APP_DATABASE_PORT": "6432"]
        sources.arguments = arguments
        return sources
    }

    func writeDeployment(_ text: String) throws {
        try text.write(to: directory.appendingPathComponent("deployment.toml"), atomically: true, encoding: .utf8)
    }
}

/// A repository that keeps what the test saved.
actor RecordingRepository: OrderRepository {
    private(set) var saved: [Order] = []
    func nextID() -> Int { 1_000 + saved.count }
    func save(_ orders: [Order]) { saved += orders }
    func find(id: Int) -> Order? { saved.first { $0.id == id } }
}

func placeOrder(_ client: some TestClientProtocol, item: String = "book", quantity: Int = 2) async throws -> (
    Order, String?
) {
    try await client.execute(
        uri: "/orders", method: .post, body: ByteBuffer(string: #"{"item": "\#(item)", "quantity": \#(quantity)}"#)
    ) { response in
        #expect(response.status == .created)
        return (
            try JSONDecoder().decode(Order.self, from: Data(response.body.readableBytesView)),
            response.headers[.init("X-Request-ID")!]
        )
    }
}

@Suite struct OrdersAppTests {
    @Test func healthAnswers() async throws {
        let app = try buildApplication(sources: TestConfig().sources)
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok")
            }
        }
    }

    @Test func placesAndFindsAnOrderWithTheLayeredConfiguration() async throws {
        let orders = try OrdersContainer(sources: TestConfig().sources)
        // JSON default host, replaced by the TOML file; port from APP_DATABASE_PORT; the secret.
        let settings = try orders.container.resolveOrThrow(DatabaseSettings.self)
        #expect(settings.host == "db.internal")
        #expect(settings.port == 6432)
        #expect(orders.container.property("database.url") == "postgres://db.internal:6432/orders")
        #expect(orders.container.property("database.poolSize") == 8)
        let app = try buildApplication(orders: orders)
        try await app.test(.router) { client in
            let (order, requestID) = try await placeOrder(client)
            #expect(order.totalCents == 600)  // 2 × 300 from deployment.toml
            #expect(order.requestID == requestID)
            let found = try await client.execute(uri: "/orders/\(order.id)", method: .get) { response in
                #expect(response.status == .ok)
                return try JSONDecoder().decode(Order.self, from: Data(response.body.readableBytesView))
            }
            #expect(found == order)
            try await client.execute(uri: "/orders/999", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func parallelRequestsEachGetTheirOwnUnitOfWork() async throws {
        let app = try buildApplication(sources: TestConfig().sources)
        try await app.test(.router) { client in
            let placed = try await withThrowingTaskGroup(of: (Order, String?).self) { group in
                for index in 0..<20 { group.addTask { try await placeOrder(client, item: "item-\(index)") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(placed.map(\.0.requestID)).count == 20)
            #expect(placed.allSatisfy { $0.0.requestID == $0.1 })
            #expect(Set(placed.map(\.0.id)).count == 20)
        }
    }

    @Test func aTestReplacesTheRepository() async throws {
        let orders = try OrdersContainer(sources: TestConfig().sources)
        let recording = RecordingRepository()
        let app = try buildApplication(orders: orders)
        try await withOverrides(
            .container(orders.container) { child in
                child.register((any OrderRepository).self) { _ in recording }
            }
        ) {
            try await app.test(.router) { client in
                let (order, _) = try await placeOrder(client)
                #expect(order.id == 1_000)
            }
        }
        #expect(await recording.saved.map(\.item) == ["book"])
    }

    @Test func requestsUnderAContainerOverrideEachGetTheirOwnUnit() async throws {
        let orders = try OrdersContainer(sources: TestConfig().sources)
        let app = try buildApplication(orders: orders)
        try await withOverrides(
            .container(orders.container) { child in
                child.register((any OrderRepository).self) { _ in RecordingRepository() }
            }
        ) {
            try await app.test(.router) { client in
                let (first, _) = try await placeOrder(client)
                let (second, _) = try await placeOrder(client)
                // The override keeps container-scoped instances for the test, never a request's.
                #expect(first.requestID != second.requestID)
            }
        }
    }

    @Test(.properties(["pricing.unitPriceCents": 1_000]))
    func aTestSetsAProperty() async throws {
        let app = try buildApplication(sources: TestConfig().sources)
        try await app.test(.router) { client in
            let (order, _) = try await placeOrder(client, quantity: 3)
            #expect(order.totalCents == 3_000)
        }
    }

    @Test func aReloadRebuildsOnlyWhatReadAChangedKey() async throws {
        let config = try TestConfig()
        let orders = try OrdersContainer(sources: config.sources)
        let settings = try orders.container.resolveOrThrow(DatabaseSettings.self)
        let app = try buildApplication(orders: orders)
        let reloader = orders.reloader
        try await app.test(.router) { client in
            #expect(try await placeOrder(client, quantity: 1).0.totalCents == 300)
            try config.writeDeployment("[database]\nhost = \"db.internal\"\n\n[pricing]\nunitPriceCents = 1250\n")
            _ = try reloader.reload()
            #expect(try await placeOrder(client, quantity: 1).0.totalCents == 1_250)
        }
        // DatabaseSettings read no changed key: the same instance.
        #expect(try orders.container.resolveOrThrow(DatabaseSettings.self) === settings)
    }

    @Test func badConfigurationFailsBeforeAnyPortOpens() throws {
        var config = try TestConfig()
        config.arguments.append("--pricing.unitPriceCents=lots")
        let error = try #require(throws: PropertyCheckError.self) {
            _ = try buildApplication(sources: config.sources)
        }
        #expect(error.description.contains("pricing.unitPriceCents"))
    }

    @Test func warmsUpBeforeTrafficAndClosesTheRepositoryOnShutdown() async throws {
        let orders = try OrdersContainer(sources: TestConfig().sources)
        let app = try buildApplication(orders: orders)
        try await app.test(.live) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        let repository = try #require(
            try orders.container.resolveOrThrow((any OrderRepository).self) as? InMemoryOrderRepository)
        #expect(await repository.isOpen == false)
    }
}
