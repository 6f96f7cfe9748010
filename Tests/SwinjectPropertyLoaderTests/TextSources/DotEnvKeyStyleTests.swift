import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `.environment(prefix:)`: one `.env` file for docker compose and the application, its names
/// mapped as EnvironmentPropertyLoader maps variables.
@Suite struct DotEnvKeyStyleTests {
    private let text = """
        # shared with docker compose
        APP_DATABASE_HOST=db.internal
        APP_DATABASE_POOL_SIZE=25
        POSTGRES_PASSWORD=only-for-the-database-container
        APP_LOG__LEVEL=debug
        """

    @Test func namesMapLikeEnvironmentVariables() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "localhost", "poolSize": 10}}"#, name: "defaults.json"))
        let loader = DotEnvPropertyLoader(
            string: text, name: ".env", options: .init(keys: .environment(prefix: "APP_")))
        try container.applyPropertyLoader(loader)
        #expect(container.property("database.host") == "db.internal")
        #expect(container.property("database.poolSize") == 25)
        #expect(container.property("log_level") == "debug")
        #expect(container.property("POSTGRES_PASSWORD", as: String.self) == nil)
        #expect(container.propertySource(for: "database.poolSize")?.description == ".env:3:24")
        #expect(container.propertySource(for: "database.poolSize")?.valuesAreText == true)
    }

    @Test func asWrittenIsTheDefault() throws {
        #expect(DotEnvPropertyLoader.defaultOptions.keys == .asWritten)
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: text))
        #expect(container.property("APP_DATABASE_HOST") == "db.internal")
    }

    @Test func emptyPrefixMapsEveryName() throws {
        let container = Container()
        let loader = DotEnvPropertyLoader(
            string: "DATABASE_PORT=6432\nexport SERVER_HOST=h\n", options: .init(keys: .environment(prefix: "")))
        try container.applyPropertyLoader(loader)
        #expect(container.property("database.port") == 6432)
        #expect(container.property("server.host") == "h")
    }

    @Test func aNameThatMapsToNoKeyIsAnError() throws {
        let loader = DotEnvPropertyLoader(
            string: "APP_A=1\n  export APP_DATABASE_=2\n", name: ".env",
            options: .init(keys: .environment(prefix: "APP_")))
        let error = try #require(throws: PropertyLoaderError.self) { try Container().applyPropertyLoader(loader) }
        #expect(error.code == .malformedContent)
        #expect(
            error.description
                == ".env:2:10: the name 'APP_DATABASE_' maps to no key: segment 2 of the key is empty "
                + "(a single '_' separates segments, '__' is a literal '_')")
        let alone = DotEnvPropertyLoader(
            string: "APP_=1", name: ".env", options: .init(keys: .environment(prefix: "APP_")))
        let aloneError = try #require(throws: PropertyLoaderError.self) { try alone.loadBatch() }
        #expect(
            aloneError.description
                == ".env:1:1: the name 'APP_' maps to no key: the name is the prefix alone, so it names no key")
    }
}
