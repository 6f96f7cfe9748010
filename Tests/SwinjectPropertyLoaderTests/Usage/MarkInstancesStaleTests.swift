import Swinject
import SwinjectPropertyLoader
import Testing

/// `markInstancesStale(readingAnyOf:)`, the selective rebuild a reload asks for.
@Suite struct DiscardInstancesTests {
    final class Database {
        let host: String?
        init(host: String?) { self.host = host }
    }

    final class Clock {}

    final class Repository {
        let database: Database
        init(database: Database) { self.database = database }
    }

    final class Handler {
        let repository: Repository
        init(repository: Repository) { self.repository = repository }
    }

    final class Settings {
        let values: [String: String]?
        init(values: [String: String]?) { self.values = values }
    }

    static func makeContainer(_ json: String = #"{"database": {"host": "a", "port": 1}, "name": "x"}"#) throws
        -> Container
    {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json))
        return container
    }

    @Test func keepsUnrelatedSingletonAndRebuildsTheOneThatReadTheKey() throws {
        let container = try Self.makeContainer()
        container.register(Database.self) { r in Database(host: r.property("database.host")) }
            .inObjectScope(.container)
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        let database = try #require(container.resolve(Database.self))
        let clock = try #require(container.resolve(Clock.self))

        let discarded = container.markInstancesStale(readingAnyOf: ["database.host"])

        #expect(discarded == [String(reflecting: Database.self)])
        #expect(container.resolve(Clock.self) === clock)
        #expect(container.resolve(Database.self) !== database)
    }

    @Test func rebuildsSingletonsThatHoldARebuiltOneAlsoThroughATransient() throws {
        let container = try Self.makeContainer()
        container.register(Database.self) { r in Database(host: r.property(.init("database.host"))) }
            .inObjectScope(.container)
        // Transient between the two singletons: it keeps no instance but carries the dependency.
        container.register(Repository.self) { r in Repository(database: r.resolve(Database.self)!) }
        container.register(Handler.self) { r in Handler(repository: r.resolve(Repository.self)!) }
            .inObjectScope(.container)
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        let handler = try #require(container.resolve(Handler.self))
        let clock = try #require(container.resolve(Clock.self))

        let discarded = container.markInstancesStale(readingAnyOf: ["database.host"])

        #expect(Set(discarded) == [String(reflecting: Database.self), String(reflecting: Handler.self)])
        let rebuilt = try #require(container.resolve(Handler.self))
        #expect(rebuilt !== handler)
        #expect(rebuilt.repository.database !== handler.repository.database)
        #expect(container.resolve(Clock.self) === clock)
    }

    @Test func aSectionReadIsAffectedByAKeyInsideIt() throws {
        let container = try Self.makeContainer()
        container.register(Settings.self) { r in Settings(values: r.property("database")) }
            .inObjectScope(.weak)
        let settings = try #require(container.resolve(Settings.self))

        #expect(container.markInstancesStale(readingAnyOf: ["databases.host", "name"]).isEmpty)
        #expect(container.resolve(Settings.self) === settings)
        #expect(container.markInstancesStale(readingAnyOf: ["database.port"]) == [String(reflecting: Settings.self)])
        #expect(container.resolve(Settings.self) !== settings)
    }

    @Test func tracksRegistrationsMadeBeforeTheLoaderAndReadsThroughSynchronize() throws {
        let container = Container()
        container.register(Database.self, name: "primary") { r in
            Database(host: try? r.requiredProperty("database.host"))
        }
        .inObjectScope(.container)
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"host": "a"}}"#))
        let resolver = container.synchronize()
        let database = try #require(resolver.resolve(Database.self, name: "primary"))

        let discarded = container.markInstancesStale(readingAnyOf: ["database"])

        #expect(discarded == [#"\#(String(reflecting: Database.self)) (name: "primary")"#])
        #expect(resolver.resolve(Database.self, name: "primary") !== database)
    }

    @Test func aChildContainersRegistrationIsDiscardedFromTheParent() throws {
        let parent = try Self.makeContainer()
        let child = Container(parent: parent)
        try child.applyPropertyLoaders([])
        child.register(Database.self) { r in Database(host: r.property("database.host", .orFatalError)) }
            .inObjectScope(.container)
        let database = try #require(child.resolve(Database.self))

        #expect(parent.markInstancesStale(readingAnyOf: ["database.host"]) == [String(reflecting: Database.self)])
        #expect(child.resolve(Database.self) !== database)
    }
}
