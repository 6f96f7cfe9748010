import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Tracking and discarding while other threads resolve through a synchronized resolver.
@Suite struct PropertyUsageConcurrencyTests {
    final class Database {
        let host: String?
        init(host: String?) { self.host = host }
    }

    final class Repository {
        let database: Database
        init(database: Database) { self.database = database }
    }

    final class Clock {}

    @Test func resolvingReadingAndDiscardingOnManyThreads() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"host": "a"}, "name": "n"}"#))
        container.register(Database.self) { r in Database(host: r.property("database.host")) }
            .inObjectScope(.container)
        container.register(Repository.self) { r in Repository(database: r.resolve(Database.self)!) }
            .inObjectScope(.weak)
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        let resolver = container.synchronize()
        nonisolated(unsafe) let shared = (container: container, resolver: resolver)
        let clock = try #require(resolver.resolve(Clock.self))
        nonisolated(unsafe) let sameClock = clock

        let iterations = 2_000
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for _ in 0..<iterations {
                if worker == 0 {
                    _ = shared.container.markInstancesStale(readingAnyOf: ["database.host"])
                    _ = shared.container.propertyUsage
                } else {
                    let repository = shared.resolver.resolve(Repository.self)
                    precondition(repository?.database.host == "a")
                    precondition(shared.resolver.resolve(Clock.self) === sameClock)
                    let _: String? = shared.resolver.property("name")
                }
            }
        }

        let usage = container.propertyUsage
        #expect(usage.readers(of: "database.host").map(\.registration) == [.init(serviceType: Database.self)])
        #expect(resolver.resolve(Clock.self) === clock)
    }
}
