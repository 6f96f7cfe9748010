import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader
import Testing

/// A required property read in a factory that throws instead of stopping the process: the
/// property's error reaches `resolveOrThrow` and `checkProperties`, public API only.
@Suite struct ThrowingFactoryPropertyTests {
    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    final class Orders {
        let database: Database
        init(database: Database) { self.database = database }
    }

    private func container(json: String) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        container.register(Database.self) { r in
            try Database(host: r.requiredProperty("database.host"), port: r.requiredProperty("database.port"))
        }
        .inObjectScope(.container)
        container.autoregister(Orders.self, initializer: Orders.init)
        return container
    }

    @Test func aMissingRequiredKeyIsAnErrorOfResolveOrThrowNotACrash() throws {
        let container = try container(json: #"{"database": {"host": "db.internal"}}"#)
        #expect(container.resolve(Orders.self) == nil)
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Orders.self) }
        #expect(error.chain == ["Orders", "Database"])
        #expect(error.description.hasPrefix("Cannot resolve Orders: the factory of Database threw "))
        #expect(error.description.contains(#"property "database.port" (Swift.Int) is not set by any property loader"#))
        let property = try #require(error.underlyingError as? PropertyError)
        #expect(property.code == .missingKey)
        #expect(property.key == "database.port")
        #expect(property.fileID.hasSuffix("ThrowingFactoryPropertyTests.swift"))
    }

    @Test func theStartupCheckReportsTheThrowingFactorysRead() throws {
        let container = try container(json: #"{"database": {"host": "db.internal"}}"#)
        let error = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(error.failures.map(\.key) == ["database.port"])
        #expect(error.failures.map(\.code) == [.missingKey])
    }

    /// Variant: a value of the wrong type names the file, line and column it came from.
    @Test func aWrongTypeNamesTheFileLineAndColumn() throws {
        let container = try container(json: #"{"database": {"host": "db.internal", "port": "five"}}"#)
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Database.self) }
        let property = try #require(error.underlyingError as? PropertyError)
        #expect(property.code == .typeMismatch)
        #expect(error.description.contains("app.json:1:46"))
        let check = try #require(throws: PropertyCheckError.self) { try container.checkProperties() }
        #expect(check.failures.map(\.key) == ["database.port"])
    }

    /// A factory that recovers from a failed read is not reported by the check.
    @Test func aReadTheFactoryRecoversFromIsNotAFailure() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "db"}}"#, name: "app.json"))
        container.register(Database.self) { r in
            let port: Int = (try? r.requiredProperty("database.port")) ?? 5432
            return try Database(host: r.requiredProperty("database.host"), port: port)
        }
        try container.checkProperties()
        #expect(try container.resolveOrThrow(Database.self).port == 5432)
    }

    @Test func aCompleteConfigurationResolves() throws {
        let container = try container(json: #"{"database": {"host": "db.internal", "port": 6432}}"#)
        try container.checkProperties()
        #expect(try container.resolveOrThrow(Orders.self).database.port == 6432)
    }
}
