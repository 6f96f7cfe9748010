import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Decoding a section names the failing field with its Swift name, and supports key strategies.
@Suite struct DecodingSectionTests {
    struct Database: Decodable, Equatable {
        var host: String
        var poolSize: Int
    }

    /// The reported case, from a JSON file.
    @Test func jsonFieldOfTheWrongTypeIsNamed() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "wrong-type"))
        let error = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("database", as: Database.self)
        }
        #expect(error.code == .typeMismatch)
        let detail = try #require(error.detail)
        #expect(detail.hasPrefix("database.poolSize: expected Int, found string \"25\" ("))
        #expect(detail.hasSuffix("wrong-type.json:4:17)"))
        #expect(error.description.contains("property \"database\" cannot be decoded as "))
        #expect(error.description.contains("Database: database.poolSize: expected Int"))
    }

    /// Variant: a TOML file whose keys are snake case, decoded with `.convertFromSnakeCase`; the
    /// message uses the Swift name and points at the TOML key's value.
    @Test func tomlFieldIsNamedThroughTheKeyStrategy() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: Fixtures.bundle, name: "wrong-type"))
        let error = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty(
                "database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
        }
        let detail = try #require(error.detail)
        #expect(detail.hasPrefix("database.poolSize: expected Int, found string \"25\" ("))
        #expect(detail.hasSuffix("wrong-type.toml:3:13)"))
    }

    @Test func snakeCaseKeysDecodeIntoCamelCaseFields() throws {
        let container = Container()
        try container.applyPropertyLoader(
            TomlPropertyLoader(string: "[database]\nhost = \"db\"\npool_size = 25\n", name: "app.toml"))
        let expected = Database(host: "db", poolSize: 25)
        #expect(
            try container.requiredProperty("database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
                == expected)
        container.register(Database.self) { r in
            r.property("database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
                ?? Database(host: "none", poolSize: 0)
        }
        #expect(container.resolve(Database.self) == expected)
        let plain: Database? = container.property("database")
        #expect(plain == nil)
    }

    /// Variant: a missing field and a field inside an array are named with their paths.
    @Test func missingAndNestedFieldsAreNamed() throws {
        struct Pool: Decodable { var servers: [Server] }
        struct Server: Decodable { var port: Int }
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"db": {"host": "x"}, "pool": {"servers": [{"port": 1}, {"port": true}]}}"#, name: "app.json")
        )
        let missing = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("db", as: Database.self)
        }
        #expect(missing.detail?.hasPrefix("db.poolSize: is missing") == true)
        let nested = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("pool", as: Pool.self)
        }
        #expect(nested.detail == "pool.servers[1].port: expected Int, found bool true (app.json:1:66)")
    }

    /// A mismatch found by an optional read of a section is recorded with its detail.
    @Test func optionalSectionReadRecordsTheDetail() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "wrong-type"))
        let database: Database? = container.property("database")
        #expect(database == nil)
        let failure = try #require(container.propertyReadFailures.first)
        #expect(failure.detail?.hasPrefix("database.poolSize: expected Int") == true)
    }
}
