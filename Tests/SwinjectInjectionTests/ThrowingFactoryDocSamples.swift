import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader
import Testing

/// The throwing-factory sample of the "Reading properties" article, verbatim, and tests that run
/// it (public API only).
struct ThrowingFactoryDocSamples {
    final class DatabaseClient {
        let host: String
        let port: Int

        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    func makeCheckedDatabase(in container: Container) throws -> DatabaseClient {
        container.register(DatabaseClient.self) { r in
            try DatabaseClient(host: r.requiredProperty("database.host"), port: r.requiredProperty("database.port"))
        }
        try container.checkProperties()  // throws PropertyCheckError listing every failed read
        return try container.resolveOrThrow(DatabaseClient.self)
    }
}

@Suite struct ThrowingFactoryDocSampleTests {
    private func container(_ json: String) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        return container
    }

    @Test func theSampleResolvesWhenEveryKeyIsSet() throws {
        let container = try container(#"{"database": {"host": "db", "port": 6432}}"#)
        #expect(try ThrowingFactoryDocSamples().makeCheckedDatabase(in: container).port == 6432)
    }

    @Test func theSampleThrowsTheCheckErrorForAMissingKey() throws {
        let container = try container(#"{"database": {"host": "db"}}"#)
        let error = try #require(throws: PropertyCheckError.self) {
            try ThrowingFactoryDocSamples().makeCheckedDatabase(in: container)
        }
        #expect(error.failures.map(\.key) == ["database.port"])
        #expect(error.description.contains("database.port"))
    }
}
