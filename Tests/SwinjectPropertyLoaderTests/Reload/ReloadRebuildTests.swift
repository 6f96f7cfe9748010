import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// After a reload, the kept instances whose factories read a changed key are built again; every
/// other instance is kept (public API only).
@Suite struct ReloadRebuildTests {
    final class Database {
        let port: Int
        init(port: Int) { self.port = port }
    }

    final class Greeter {
        let greeting: String
        init(greeting: String) { self.greeting = greeting }
    }

    final class Clock {}

    final class Repository {
        let database: Database
        init(database: Database) { self.database = database }
    }

    private func setUp() throws -> (Container, PropertyReloader, URL) {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent("config.json")
        try writeAtomically(#"{"database": {"port": 5432}, "greeting": "hello"}"#, to: file)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        container.register(Database.self) { r in Database(port: r.property("database.port") ?? 0) }
            .inObjectScope(.container)
        container.register(Greeter.self) { r in Greeter(greeting: r.property("greeting") ?? "") }
            .inObjectScope(.container)
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(Repository.self) { r in Repository(database: r.resolve(Database.self)!) }
            .inObjectScope(.container)
        return (container, reloader, file)
    }

    @Test func aSingletonThatReadAChangedKeyIsBuiltAgainAndTheOthersAreKept() throws {
        let (container, reloader, file) = try setUp()
        let database = try #require(container.resolve(Database.self))
        let greeter = try #require(container.resolve(Greeter.self))
        let clock = try #require(container.resolve(Clock.self))

        try writeAtomically(#"{"database": {"port": 6432}, "greeting": "hello"}"#, to: file)
        let event = try reloader.reload()

        let rebuilt = try #require(container.resolve(Database.self))
        #expect(rebuilt !== database)
        #expect(rebuilt.port == 6432)
        #expect(database.port == 5432, "an instance already handed out keeps its old values")
        #expect(container.resolve(Greeter.self) === greeter)
        #expect(container.resolve(Clock.self) === clock)
        #expect(event.discardedInstances.contains { $0.contains("Database") })
        #expect(!event.discardedInstances.contains { $0.contains("Greeter") })
    }

    /// Variant: a singleton that only resolved one that read the key is stale too, and a weak
    /// instance that read it is built again.
    @Test func dependentsOfARebuiltSingletonAndWeakInstancesAreBuiltAgain() throws {
        let (container, reloader, file) = try setUp()
        container.register(Greeter.self, name: "weak") { r in Greeter(greeting: r.property("greeting") ?? "") }
            .inObjectScope(.weak)
        let repository = try #require(container.resolve(Repository.self))
        let weakGreeter = try #require(container.resolve(Greeter.self, name: "weak"))
        let greeter = try #require(container.resolve(Greeter.self))

        try writeAtomically(#"{"database": {"port": 7000}, "greeting": "hi"}"#, to: file)
        try reloader.reload()

        let newRepository = try #require(container.resolve(Repository.self))
        #expect(newRepository !== repository)
        #expect(newRepository.database.port == 7000)
        #expect(container.resolve(Greeter.self, name: "weak") !== weakGreeter)
        #expect(container.resolve(Greeter.self) !== greeter)
        #expect(container.resolve(Greeter.self)?.greeting == "hi")
        withExtendedLifetime(weakGreeter) {}
    }

    @Test func aReloadThatChangesNoValueKeepsEveryInstance() throws {
        let (container, reloader, file) = try setUp()
        let database = try #require(container.resolve(Database.self))

        try writeAtomically(#"{"greeting": "hello", "database": {"port": 5432}}"#, to: file)
        let event = try reloader.reload()

        #expect(event.changes.isEmpty)
        #expect(event.discardedInstances.isEmpty)
        #expect(container.resolve(Database.self) === database)
    }

    final class Gateway {
        let repository: Repository
        let name: String
        init(repository: Repository, name: String) {
            self.repository = repository
            self.name = name
        }
    }

    /// The first resolve after loading installs tracking from inside the factories it runs: each
    /// of them still gets exactly its own reads and dependencies, so an unrelated change keeps
    /// them, and a change to a key rebuilds the reader and what resolved it, and nothing else.
    @Test func theFactoriesOfTheFirstResolveAreTrackedExactly() throws {
        let (container, reloader, file) = try setUp()
        container.register(Gateway.self) { r in
            let repository = r.resolve(Repository.self)!
            return Gateway(repository: repository, name: r.property("gateway.name") ?? "")
        }
        .inObjectScope(.container)
        let gateway = try #require(container.resolve(Gateway.self))
        #expect(gateway.repository.database.port == 5432)
        let usage = container.propertyUsage
        let readers = { (key: String) in
            usage.readers(of: key).compactMap(\.registration).map { ObjectIdentifier($0.serviceType) }
        }
        #expect(readers("database.port") == [ObjectIdentifier(Database.self)])
        #expect(readers("gateway.name") == [ObjectIdentifier(Gateway.self)])

        try writeAtomically(#"{"database": {"port": 5432}, "greeting": "hi"}"#, to: file)
        try reloader.reload()
        #expect(container.resolve(Gateway.self) === gateway)

        try writeAtomically(#"{"database": {"port": 5432}, "greeting": "hi", "gateway": {"name": "b"}}"#, to: file)
        try reloader.reload()
        let renamed = try #require(container.resolve(Gateway.self))
        #expect(renamed !== gateway)
        #expect(renamed.name == "b")
        #expect(renamed.repository === gateway.repository)

        try writeAtomically(#"{"database": {"port": 6000}, "greeting": "hi", "gateway": {"name": "b"}}"#, to: file)
        try reloader.reload()
        let moved = try #require(container.resolve(Gateway.self))
        #expect(moved !== renamed)
        #expect(moved.repository !== gateway.repository)
        #expect(moved.repository.database.port == 6000)
    }
}
