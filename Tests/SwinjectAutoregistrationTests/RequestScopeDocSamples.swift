import Swinject
import SwinjectAutoregistration
import Testing

/// The samples of the "Request scope" article, verbatim, and tests that run them (public API
/// only).
struct RequestScopeDocSamples {
    final class Transaction {
        private(set) var statements: [String] = []
        func execute(_ statement: String) { statements.append(statement) }
    }

    final class OrderRepository {
        let transaction: Transaction
        init(transaction: Transaction) { self.transaction = transaction }
    }

    final class AuditLog: Sendable {
        static func open() async -> AuditLog { AuditLog() }
    }

    func makeRequestContainer() -> Container {
        let container = Container()
        container.register(Transaction.self) { _ in Transaction() }.inObjectScope(.request)
        container.autoregister(OrderRepository.self, initializer: OrderRepository.init)
        container.registerAsync(AuditLog.self) { _ in await AuditLog.open() }.inObjectScope(.request)
        return container
    }

    func placeOrder(in container: Container) throws -> Int {
        try container.withScope {
            let repository = try container.resolveOrThrow(OrderRepository.self)
            let transaction = try container.resolveOrThrow(Transaction.self)  // the repository's own
            repository.transaction.execute("INSERT INTO orders …")
            return transaction.statements.count  // 1
        }
    }

    func auditLogsMatch(in container: Container) async throws -> Bool {
        let resolver = container.sendableResolver()  // child tasks share a Sendable resolver
        return try await resolver.withScope {
            async let first = resolver.resolveAsync(AuditLog.self)
            async let second = resolver.resolveAsync(AuditLog.self)
            return try await first === second  // one AuditLog.open() for the unit
        }
    }

    @Test func aUnitSharesItsTransaction() throws {
        #expect(try placeOrder(in: makeRequestContainer()) == 1)
    }

    @Test func childTasksShareTheAsyncInstance() async throws {
        #expect(try await auditLogsMatch(in: makeRequestContainer()))
    }

    @Test func outsideAUnitIsAnError() {
        #expect(throws: ResolutionError.outsideRequestScope) {
            try makeRequestContainer().resolveOrThrow(OrderRepository.self)
        }
    }
}
