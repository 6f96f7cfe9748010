import Foundation
import Swinject
import SwinjectInjection
import Testing

/// A service that counts how often it was shut down, from any thread.
final class CountedShutdownService: Shutdownable, Sendable {
    private let count = NSLock()
    private nonisolated(unsafe) var shutdowns = 0

    var shutdownCount: Int { count.withLock { shutdowns } }

    func shutdown() async throws {
        count.withLock { shutdowns += 1 }
    }
}

/// Collects every instance a factory created, from any thread.
final class CreatedServices: @unchecked Sendable {
    private let lock = NSLock()
    private var instances: [CountedShutdownService] = []

    func make() -> CountedShutdownService {
        let service = CountedShutdownService()
        lock.withLock { instances.append(service) }
        return service
    }

    var all: [CountedShutdownService] { lock.withLock { instances } }
}

/// Two `shutdown()` calls at once, while another thread resolves and creates singletons: every
/// created instance is shut down exactly once, once the last call has returned. Scripts/tsan.sh
/// runs this suite under the thread sanitizer.
@Suite struct ShutdownConcurrencyTests {
    static let services = 6
    static let rounds = 150

    /// An injector with lazy and async singletons and a container entry marked `shutsDown()`,
    /// none created yet.
    static func makeInjector(_ created: CreatedServices) throws -> Injector {
        let injector = Injector(label: "shutdown-race")
        for index in 0..<services {
            if index.isMultiple(of: 2) {
                try injector.register(
                    as: CountedShutdownService.self, name: "s\(index)", injection: .lazySingleton { created.make() })
            } else {
                try injector.register(
                    as: CountedShutdownService.self, name: "s\(index)", injection: .asyncSingleton { created.make() })
            }
        }
        injector.container.register(CountedShutdownService.self, name: "entry") { _ in created.make() }
            .inObjectScope(.container)
            .shutsDown()
        return injector
    }

    @Test func twoShutdownsWhileAnotherThreadResolvesShutEachInstanceDownOnce() async throws {
        for _ in 0..<Self.rounds {
            let created = CreatedServices()
            let injector = try Self.makeInjector(created)
            let resolving = Task.detached {
                for index in 0..<Self.services {
                    _ = try await injector.getAsync(CountedShutdownService.self, name: "s\(index)")
                }
                _ = try injector.get(CountedShutdownService.self, name: "entry")
            }
            async let first: Void = injector.shutdown()
            async let second: Void = injector.shutdown()
            try await first
            try await second
            try await resolving.value
            // What was created after both calls had collected their lists is shut down now.
            try await injector.shutdown()
            let instances = created.all
            #expect(instances.count == Self.services + 1)
            #expect(instances.allSatisfy { $0.shutdownCount == 1 }, "\(instances.map(\.shutdownCount))")
        }
    }
}
