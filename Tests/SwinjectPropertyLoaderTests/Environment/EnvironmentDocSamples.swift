import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of Documentation.docc/EnvironmentVariables.md, verbatim
// (Scripts/check-doc-samples.py), run below through the public API only.
struct EnvironmentVariablesDocSamples {
    func makeServiceContainer(environment: [String: String]) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"host": "localhost", "port": 5432, "poolSize": 10}}"#, name: "defaults.json"))
        try container.applyPropertyLoader(EnvironmentPropertyLoader(prefix: "APP_", variables: environment))
        return container
    }

    struct DatabaseSettings: Decodable {
        var host: String
        var port: Int
        var poolSize: Int
    }

    func readDatabaseSettings() throws -> DatabaseSettings {
        let container = try makeServiceContainer(environment: [
            "APP_DATABASE_HOST": "db.internal", "APP_DATABASE_PORT": "6432", "APP_DATABASE_POOL_SIZE": "25",
        ])
        // APP_DATABASE_POOL_SIZE sets the key the JSON file spells database.poolSize.
        return try container.requiredProperty("database", as: DatabaseSettings.self)
    }

    func applyProcessEnvironment(to container: Container) throws {
        try container.applyPropertyLoader(EnvironmentPropertyLoader(prefix: "APP_"))
    }
}

@Suite("Environment variables article samples")
struct EnvironmentVariablesDocSampleTests {
    let samples = EnvironmentVariablesDocSamples()

    @Test("the sample reads the database settings from JSON and the environment")
    func readsSettings() throws {
        let settings = try samples.readDatabaseSettings()
        #expect(settings.host == "db.internal")
        #expect(settings.port == 6432)
        #expect(settings.poolSize == 25)
    }

    @Test("the article's error texts are the loader's")
    func errorTexts() throws {
        let ambiguous = #expect(throws: PropertyLoaderError.conflictingKeys) {
            let container = Container()
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"database": {"poolSize": 1, "pool_size": 2}}"#))
            try container.applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_DATABASE_POOL_SIZE": "3"]))
        }
        #expect(
            ambiguous?.description
                == #"environment variable APP_DATABASE_POOL_SIZE: the variable matches both "database.poolSize" "#
                + #"and "database.pool_size"; rename one of the keys or set the value another way"#)
        let container = try samples.makeServiceContainer(environment: ["APP_DATABASE_PORT": "64x2"])
        let mismatch = #expect(throws: PropertyError.typeMismatch) {
            try container.requiredProperty("database.port", as: Int.self, fileID: "Sources/App/Setup.swift", line: 12)
        }
        #expect(
            mismatch?.description
                == #"Sources/App/Setup.swift:12: property "database.port" is a string ("64x2") from environment "#
                + "variable APP_DATABASE_PORT, not convertible to Swift.Int")
        let tooMany = #expect(throws: PropertyLoaderError.malformedContent) {
            let variables = Dictionary(uniqueKeysWithValues: (0...10_000).map { ("APP_V\($0)", "x") })
            try Container().applyPropertyLoader(EnvironmentPropertyLoader(prefix: "APP_", variables: variables))
        }
        #expect(
            tooMany?.description
                == "environment: 10001 variables start with APP_, more than the limit of 10000 "
                + "(EnvironmentPropertyLoader.Options.maxVariables)")
        let tooLong = #expect(throws: PropertyLoaderError.malformedContent) {
            try Container().applyPropertyLoader(
                EnvironmentPropertyLoader(
                    prefix: "APP_", variables: ["APP_A": String(repeating: "x", count: 1_048_577)]))
        }
        #expect(
            tooLong?.description
                == "environment variable APP_A: the value has 1048577 bytes, more than the limit of 1048576 "
                + "(EnvironmentPropertyLoader.Options.maxValueBytes)")
    }
}
