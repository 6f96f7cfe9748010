import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `checkProperties()` reports every property the registrations need and cannot get, at once.
@Suite struct StartupCheckTests {
    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    final class Cache {
        let ttl: Int
        init(ttl: Int) { self.ttl = ttl }
    }

    private static let json = """
        {
          "database": {"port": "5432"},
          "cache": {"ttl": "1m"}
        }
        """

    /// The reported case: three problems in three factories give one error listing all three.
    @Test func threeProblemsAreReportedInOneError() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: Self.json, name: "app.json"))
        container.register(Database.self) { r in
            Database(host: r.property("database.host", .orFatalError), port: r.property("database.port", .orFatalError))
        }
        container.register(Cache.self) { r in Cache(ttl: r.property("cache.ttl") ?? 60) }
        let error = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(error.code == .unreadableProperties)
        #expect(error.failures.map(\.key) == ["cache.ttl", "database.host", "database.port"])
        #expect(error.failures.map(\.code) == [.typeMismatch, .missingKey, .typeMismatch])
        let text = error.description
        #expect(text.hasPrefix("3 properties cannot be read as the registrations need them:\n"))
        #expect(text.contains("property \"database.port\" is a string (\"5432\") from app.json:2:24"))
        #expect(text.contains("property \"database.host\" (Swift.String) is not set by any property loader"))
        #expect(text.contains("property \"cache.ttl\" is a string (\"1m\") from app.json:3:20"))
        #expect(text.contains("StartupCheckTests.swift:"))
    }

    /// Variant: declared keys are checked without running any factory, a key read by a factory
    /// with arguments is out of the dry run's reach, and `#expect(throws:)` matches the code.
    @Test func declaredKeysAreCheckedWithoutResolving() throws {
        let container = Container()
        try container.applyPropertyLoader(
            TomlPropertyLoader(string: "[database]\nport = \"5432\"\n[api]\ntimeout = 30\n", name: "app.toml"))
        container.declareProperty(PropertyKey("database.port"), as: Int.self)
        container.declareProperty(PropertyKey("database.host"), as: String.self)
        container.declareProperty(PropertyKey("api.timeout"), as: Int.self)
        container.register(Database.self) { _ in
            Issue.record("a check without the dry run must not resolve")
            return Database(host: "", port: 0)
        }
        #expect(throws: PropertyCheckError.unreadableProperties) {
            try container.checkProperties(resolvingRegistrations: false)
        }
        let error = try #require(throws: PropertyCheckError.self) {
            try container.checkProperties(resolvingRegistrations: false)
        }
        #expect(error.failures.map(\.key) == ["database.port", "database.host"])
        #expect(error.failures.first?.source?.description == "app.toml:2:8")
    }

    @Test func aContainerWithEverythingItNeedsPasses() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "db", "port": 5432}}"#, name: "app.json"))
        container.register(Database.self) { r in
            Database(host: r.property("database.host", .orFatalError), port: r.property("database.port", .orFatalError))
        }
        container.declareProperty(PropertyKey("database.port"), as: Int.self)
        try container.checkProperties()
        #expect(container.resolve(Database.self)?.port == 5432)
    }

    /// A child container's check also reports what was recorded through its parent.
    @Test func childContainerSeesTheParentsFailures() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "x"}"#, name: "app.json"))
        let _: Int? = parent.property("port")
        let child = Container(parent: parent)
        let error = try #require(throws: PropertyCheckError.self) {
            try child.checkProperties(resolvingRegistrations: false)
        }
        #expect(error.failures.map(\.key) == ["port"])
    }
}

/// The dry run's stand-ins: a required read of a `Decodable` section gives a value of stand-in
/// fields, so the check reports instead of stopping.
@Suite struct StartupCheckDryRunStandInTests {
    struct Limits: Decodable {
        var max: Int
        var name: String
        var url: URL
        var tags: [String]
        var nested: Nested?
        struct Nested: Decodable { var depth: Int }
    }

    final class Service {
        let port: Int
        let limits: Limits
        init(port: Int, limits: Limits) {
            self.port = port
            self.limits = limits
        }
    }

    /// The reported case (the demo with `ORDERS_DATABASE_PORT=abc`): a section that does not
    /// decode, read with `.orFatalError` in a factory, used to stop the process during the check.
    @Test func aSectionThatDoesNotDecodeIsReportedNotFatal() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"port": "x", "limits": {"max": "y", "name": "n", "url": "https://a", "tags": []}}"#,
                name: "app.json"))
        container.register(Service.self) { r in
            Service(port: r.property("port", .orFatalError), limits: r.property("limits", .orFatalError))
        }
        .inObjectScope(.container)
        let error = #expect(throws: PropertyCheckError.self) { try container.checkProperties() }
        let text = error?.description ?? ""
        #expect(text.contains("2 properties cannot be read as the registrations need them:"))
        #expect(text.contains("property \"port\" is a string (\"x\") from app.json:1:10"))
        #expect(text.contains("limits.max: expected Int, found string \"y\""))
    }

    /// Variant: a container-scoped instance built from stand-ins during a failed check is not
    /// kept; after the configuration is fixed, the next resolve builds it from real values.
    @Test func aFailedCheckDiscardsScopedInstancesBuiltFromStandIns() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "x"}"#, name: "bad.json"))
        container.register(Service.self) { r in
            let limits = Limits(max: 1, name: "", url: URL(fileURLWithPath: "/"), tags: [], nested: nil)
            return Service(port: r.property("port", .orFatalError), limits: limits)
        }
        .inObjectScope(.container)
        #expect(throws: PropertyCheckError.self) { try container.checkProperties() }
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "good.json"))
        #expect(container.resolve(Service.self)?.port == 8080)
    }

    /// Variant: a `Decodable` whose own initializer rejects stand-in fields cannot be made up,
    /// so the dry run stops, naming every failure found so far.
    @Test func aSectionWhoseInitializerRejectsStandInsStillStopsWithEverythingFound() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Positive: Decodable {
                var value: Int
                init(from decoder: any Decoder) throws {
                    value = try Int(from: decoder)
                    guard value > 0 else {
                        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))
                    }
                }
            }
            final class Holder {}
            let container = Container()
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"port": "x", "limit": "y"}"#, name: "app.json"))
            container.register(Holder.self) { r in
                let _: Int = r.property("port", .orFatalError)
                let _: Positive = r.property("limit", .orFatalError)
                return Holder()
            }
            try? container.checkProperties()
        }
        .map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("2 properties cannot be read as the registrations need them:"))
            #expect(output.contains("property \"port\" is a string (\"x\") from app.json:1:10"))
        }
    }
}

/// Reads made through other resolvers of the same container reach its check.
@Suite struct StartupCheckResolverTests {
    struct PoolAssembly: Assembly {
        func assemble(container: Container) {
            container.register(Int.self, name: "pool") { r in r.property("pool.size", .orFatalError) }
        }
    }

    @Test func readsThroughAChildAndASynchronizedResolverAreReportedByTheParent() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "x", "ratio": "y"}"#, name: "app.json"))
        let child = Container(parent: parent)
        let _: Int? = child.property("port")
        let synchronized = parent.synchronize()
        let _: Double? = synchronized.property("ratio")
        let error = try #require(throws: PropertyCheckError.self) {
            try parent.checkProperties(resolvingRegistrations: false)
        }
        #expect(Set(error.failures.map(\.key)) == ["port", "ratio"])
    }

    /// Variant: an assembler's check resolves the assembled registrations.
    @Test func assemblerCheckReportsTheAssembliesReads() throws {
        let assembler = try Assembler(
            assemblies: [PoolAssembly()],
            propertyLoaders: [TomlPropertyLoader(string: "[pool]\nsize = \"ten\"\n", name: "app.toml")])
        let error = try #require(throws: PropertyCheckError.self) { try assembler.checkProperties() }
        #expect(error.failures.map(\.key) == ["pool.size"])
        #expect(error.description.contains("property \"pool.size\" is a string (\"ten\") from app.toml:2:8"))
    }
}
