import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Required reads inside factories, through the public API only.
@Suite struct ReadsRequiredTests {
    final class Database {
        let host: String
        let port: Int
        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    @Test func requiredReadInAFactoryGivesTheValue() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"host": "db.local", "port": 5432}}"#, name: "app.json"))
        container.register(Database.self) { r in
            Database(host: r.property("database.host", .orFatalError), port: r.property("database.port", .orFatalError))
        }
        let database = try #require(container.resolve(Database.self))
        #expect(database.host == "db.local")
        #expect(database.port == 5432)
        #expect(container.propertyReadFailures.isEmpty)
    }

    @Test func requiredReadWithADeclaredKeyAndAnExplicitType() throws {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(string: "[api]\ntimeout = 30\n", name: "app.toml"))
        container.register(String.self) { r in
            String(r.property(PropertyKey("api.timeout"), .orFatalError, as: Int.self) * 2)
        }
        #expect(container.resolve(String.self) == "60")
    }

    /// The reported case: `"port": "5432"` read as `Int` inside a factory stops with the key,
    /// the type, the stored value with file:line:column and the call site, not "found nil".
    @Test func mismatchStopsWithTheFullMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: "{\n  \"database\": {\"port\": \"5432\"}\n}", name: "app.json"))
            container.register(Int.self) { r in
                r.property("database.port", .orFatalError, fileID: "App/Setup.swift", line: 12)
            }
            _ = container.resolve(Int.self)
        }
        .map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "App/Setup.swift:12: property \"database.port\" is a string (\"5432\") from app.json:2:24, "
                        + "not convertible to Swift.Int"))
            #expect(!output.contains("Unexpectedly found nil"))
        }
    }

    /// Variant: a missing key read through a `PropertyKey`, with the call site the compiler fills in.
    @Test func missingKeyStopsWithKeyTypeAndCallSite() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(String.self) { r in r.property(PropertyKey("api.baseURL"), .orFatalError) }
            _ = container.resolve(String.self)
        }
        .map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("ReadsRequiredTests.swift:"))
            #expect(output.contains("property \"api.baseURL\" (Swift.String) is not set by any property loader"))
        }
    }
}
