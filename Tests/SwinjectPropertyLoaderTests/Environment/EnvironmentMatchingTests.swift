import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite("Environment variables: relaxed matching, merging and limits")
struct EnvironmentMatchingTests {
    @Test(
        "a variable sets the existing key spelled the same way in words",
        arguments: ["database.pool_size", "database.poolSize", "database.pool-size", "database.pool.size"])
    func relaxed(existing: String) throws {
        let container = Container()
        var batch = PropertyBatch()
        batch.set(existing, to: .integer(10), source: PropertySource(name: "defaults"))
        try container.applyPropertyLoader(BatchLoader(batch: batch))
        try container.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_DATABASE_POOL_SIZE": "25"]))
        #expect(container.propertyKeys == [existing])
        #expect(container.property(existing) == 25)
        let record = try #require(container.propertyRecord(for: existing))
        #expect(record.source.name == "environment variable APP_DATABASE_POOL_SIZE")
        #expect(record.overridden.map(\.name) == ["defaults"])
    }

    @Test("relaxed matching reaches into a JSON object set whole, and a section of a TOML file")
    func nestedExisting() throws {
        let container = try environmentContainer(
            ["APP_SERVER_MAX_CONNECTIONS": "50", "APP_API_BASE_URL": "https://b"],
            json: #"{"server": {"maxConnections": 10}, "api": {"baseURL": "https://a"}}"#)
        #expect(container.property("server.maxConnections") == 50)
        #expect(container.propertyKeys == ["api.baseURL", "server.maxConnections"])
        #expect(container.property("api.baseURL", as: URL.self) == URL(string: "https://b"))
        let toml = Container()
        try toml.applyPropertyLoader(TomlPropertyLoader(string: "[http]\nread-timeout = 5\n"))
        try toml.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_HTTP_READ_TIMEOUT": "7.5"]))
        #expect(toml.property("http.read-timeout") == 7.5)
    }

    @Test("the variable's own key wins over relaxed matches")
    func exactFirst() throws {
        let container = try environmentContainer(
            ["APP_DATABASE_POOL__SIZE": "3"], json: #"{"database": {"pool_size": 1, "poolSize": 2}}"#)
        #expect(container.property("database.pool_size") == 3)
        #expect(container.property("database.poolSize") == 2)
    }

    @Test("two existing keys that match are an error naming both and the variable")
    func ambiguous() throws {
        let error = #expect(throws: PropertyLoaderError.conflictingKeys) {
            _ = try environmentContainer(
                ["APP_DATABASE_POOL_SIZE": "3"], json: #"{"database": {"pool_size": 1, "poolSize": 2}}"#)
        }
        #expect(
            error?.description
                == #"environment variable APP_DATABASE_POOL_SIZE: the variable matches both "database.poolSize" and "#
                + #""database.pool_size"; rename one of the keys or set the value another way"#)
        let three = #expect(throws: PropertyLoaderError.conflictingKeys) {
            _ = try environmentContainer(
                ["APP_A_B": "3"], json: #"{"aB": 1, "a-b": 2, "a_b": 3}"#)
        }
        #expect(
            three?.description
                == #"environment variable APP_A_B: the variable matches "a-b", "aB" and 1 more; "#
                + "rename one of the keys or set the value another way")
    }

    @Test("two variables for one key are an error naming both")
    func twoVariablesOneKey() throws {
        let error = #expect(throws: PropertyLoaderError.conflictingKeys) {
            _ = try environmentContainer(
                ["APP_POOL_SIZE": "1", "APP_POOL__SIZE": "2"], json: #"{"poolSize": 0}"#)
        }
        #expect(
            error?.description
                == #"environment variable APP_POOL__SIZE: the variable sets "poolSize", which APP_POOL_SIZE "#
                + "already sets; remove one of the two")
    }

    @Test("a failed apply leaves the container unchanged")
    func atomicApply() throws {
        let container = try environmentContainer([:], json: #"{"aB": 1, "a_b": 2, "c": 3}"#)
        #expect(throws: PropertyLoaderError.conflictingKeys) {
            try container.applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_A_B": "9", "APP_C": "9"]))
        }
        #expect(container.property("c") == 3)
    }

    @Test("merging order: JSON before is overridden, JSON after overrides")
    func mergeOrder() throws {
        let before = try environmentContainer(
            ["APP_SERVER_PORT": "9000"], json: #"{"server": {"port": 8080, "host": "a"}}"#)
        #expect(before.property("server.port") == 9000)
        #expect(before.property("server.host") == "a")
        #expect(before.propertyRecord(for: "server.port")?.overridden.map(\.name) == ["app.json"])

        let after = Container()
        try after.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_SERVER_PORT": "9000", "APP_SERVER_TLS": "on"]))
        try after.applyPropertyLoader(JsonPropertyLoader(string: #"{"server.port": 8080}"#, name: "late.json"))
        #expect(after.property("server.port") == 8080)
        #expect(after.property("server.tls") == true)
        #expect(
            after.propertyRecord(for: "server.port")?.overridden.map(\.name) == ["environment variable APP_SERVER_PORT"]
        )
    }

    struct Database: Decodable, Equatable {
        var host: String
        var port: Int
        var poolSize: Int
        var readOnly: Bool
    }

    @Test("a Decodable section from the environment")
    func decodableSection() throws {
        let container = try environmentContainer(
            ["APP_DATABASE_PORT": "7777", "APP_DATABASE_POOL_SIZE": "25", "APP_DATABASE_READ_ONLY": "yes"],
            json: #"{"database": {"host": "db", "port": 5432, "poolSize": 10, "readOnly": false}}"#)
        let expected = Database(host: "db", port: 7777, poolSize: 25, readOnly: true)
        #expect(container.property("database", as: Database.self) == expected)
        let fromEnvironmentOnly = try environmentContainer([
            "APP_DATABASE_HOST": "db", "APP_DATABASE_PORT": "7777", "APP_DATABASE_POOL__SIZE": "25",
            "APP_DATABASE_READ__ONLY": "1",
        ])
        #expect(
            fromEnvironmentOnly.property("database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
                == expected)
    }

    @Test("limits: the number of variables and the length of a value, each exceeded by one")
    func limits() throws {
        let variables = Dictionary(uniqueKeysWithValues: (0..<4).map { ("APP_K\($0)", "v") })
        let options = EnvironmentPropertyLoader.Options(maxVariables: 3, maxValueBytes: 4)
        let tooMany = #expect(throws: PropertyLoaderError.malformedContent) {
            try Container().applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "APP_", variables: variables, options: options))
        }
        #expect(
            tooMany?.description
                == "environment: 4 variables start with APP_, more than the limit of 3 "
                + "(EnvironmentPropertyLoader.Options.maxVariables)")
        #expect(tooMany?.parseError?.code == .tooManyKeys)
        let atLimit = Container()
        try atLimit.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_A": "abcd", "B": "x"], options: options))
        #expect(atLimit.property("a") == "abcd")
        let tooLong = #expect(throws: PropertyLoaderError.malformedContent) {
            try Container().applyPropertyLoader(
                EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_A": "abcde"], options: options))
        }
        #expect(
            tooLong?.description
                == "environment variable APP_A: the value has 5 bytes, more than the limit of 4 "
                + "(EnvironmentPropertyLoader.Options.maxValueBytes)")
        #expect(tooLong?.parseError?.code == .stringTooLong)
        let deep = #expect(throws: PropertyLoaderError.malformedContent) {
            try Container().applyPropertyLoader(
                EnvironmentPropertyLoader(
                    prefix: "APP_", variables: ["APP_A_B_C": "v"],
                    options: .init(limits: ParseLimits(maxKeySegments: 2))))
        }
        #expect(deep?.parseError?.code == .nestingTooDeep)
    }

    @Test("matching is linear: 20,000 existing keys and 10,000 variables")
    func linear() throws {
        // A quadratic match would compare 2 × 10^8 key pairs here.
        var batch = PropertyBatch()
        for index in 0..<20_000 {
            batch.set("group\(index % 100).settingNumber\(index)", to: .integer(0), source: PropertySource(name: "d"))
        }
        let container = Container()
        try container.applyPropertyLoader(BatchLoader(batch: batch))
        let variables = Dictionary(
            uniqueKeysWithValues: (0..<10_000).map { ("APP_GROUP\($0 % 100)_SETTING_NUMBER\($0)", "7") })
        try container.applyPropertyLoader(EnvironmentPropertyLoader(prefix: "APP_", variables: variables))
        #expect(container.property("group42.settingNumber9942") == 7)
        #expect(container.propertyKeys.count == 20_000)
    }
}

/// A loader that returns a batch made in the test.
struct BatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}
