import Swinject
import SwinjectInjection
import Testing

// The Swift samples of Sources/SwinjectInjection/Documentation.docc/AsyncDependencies.md,
// verbatim (Scripts/check-doc-samples.py checks that each appears in a test file), run by the
// tests at the end through the public API only: this file imports SwinjectInjection without
// `@testable`.
@Suite struct AsyncDocSamples {
    protocol SecretStore: Sendable {
        func secret(named name: String) async throws -> String
    }

    final class ConnectionPool: Shutdownable, Sendable {
        let host: String

        private init(host: String) {
            self.host = host
        }

        static func connect(host: String) async throws -> ConnectionPool {
            // Open the first connections here; a failure throws and nothing is kept.
            ConnectionPool(host: host)
        }

        static func preconnected(host: String) -> ConnectionPool {
            ConnectionPool(host: host)
        }

        func shutdown() async throws {
            // Close every connection.
        }
    }

    final class PaymentsClient: Sendable {
        let pool: ConnectionPool
        let token: String

        init(injector: Injector) async throws {
            pool = try await injector.getAsync(ConnectionPool.self)
            token = try await injector.getAsync((any SecretStore).self).secret(named: "payments.token")
        }
    }

    func makeServerInjector(secrets: any SecretStore) throws -> Injector {
        let injector = Injector(label: "server")
        try injector.register(as: (any SecretStore).self, injection: .singleton(secrets))
        try injector.register(
            as: ConnectionPool.self,
            injection: .asyncSingleton { try await ConnectionPool.connect(host: "db.internal") })
        try injector.register(
            as: PaymentsClient.self,
            injection: .asyncSingleton { injector in try await PaymentsClient(injector: injector) })
        return injector
    }

    func serve(secrets: any SecretStore) async throws {
        let injector = try makeServerInjector(secrets: secrets)
        let payments = try await injector.getAsync(PaymentsClient.self)
        print("payments ready on \(payments.pool.host)")
        // ... serve requests ...
        try await injector.shutdown()
    }

    func startOrExplain(_ injector: Injector) async -> String {
        do throws(InjectionError) {
            _ = try await injector.getAsync(PaymentsClient.self)
            return "ready"
        } catch {
            switch error {
            case .factoryThrew: return "could not connect: \(error.underlyingError.map { "\($0)" } ?? "")"
            case .cycle: return "dependency cycle: \(error.chain.joined(separator: " → "))"
            default: return "\(error)"
            }
        }
    }

    func registerPool(on container: Container) {
        container.register(ConnectionPool.self) { _ in ConnectionPool.preconnected(host: "db.internal") }
            .inObjectScope(.container)
            .shutsDown()
    }

    struct FixedSecrets: SecretStore {
        func secret(named name: String) async throws -> String { "token for \(name)" }
    }

    @Test func theServerSampleConnectsOnceAndShutsDown() async throws {
        let injector = try makeServerInjector(secrets: FixedSecrets())
        async let first = injector.getAsync(PaymentsClient.self)
        async let second = injector.getAsync(PaymentsClient.self)
        let clients = try await [first, second]
        #expect(clients[0] === clients[1])
        #expect(clients[0].token == "token for payments.token")
        #expect(clients[0].pool === (try await injector.getAsync(ConnectionPool.self)))
        #expect(await startOrExplain(injector) == "ready")
        try await injector.shutdown()
        try await serve(secrets: FixedSecrets())
    }

    @Test func theExplanationNamesACycle() async throws {
        let injector = Injector(label: "cyclic")
        try injector.register(
            as: ConnectionPool.self,
            injection: .asyncSingleton { injector in
                _ = try await injector.getAsync(PaymentsClient.self)
                return try await ConnectionPool.connect(host: "db.internal")
            })
        try injector.register(
            as: PaymentsClient.self,
            injection: .asyncSingleton { injector in try await PaymentsClient(injector: injector) })
        let explanation = await startOrExplain(injector)
        #expect(explanation.hasPrefix("dependency cycle: "), "\(explanation)")
        #expect(explanation.hasSuffix("PaymentsClient"), "\(explanation)")
    }

    @Test func theContainerSampleShutsThePoolDown() async throws {
        let container = Container()
        registerPool(on: container)
        #expect(container.resolve(ConnectionPool.self)?.host == "db.internal")
        try await container.shutdown()
    }
}
