import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

private final class APIClient {
    var baseURL: String?
    var timeout: Int?
    var apiKey: String?
}

private final class Database {
    var host = ""
    var port = 0
    var name = ""
}

private final class PricingService {
    var unlimitedCost = 0.0
}

@Suite struct ReadmeTomlTests {
    @Test func tomlDotNotationExample() throws {
        let container = Container()
        let bundle = Fixtures.bundle
        // README: TOML
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: bundle, name: "config"))

        container.register(APIClient.self) { r in
            let client = APIClient()
            client.baseURL = r.property("api.base_url")  // "https://api.example.com"
            client.timeout = r.property("api.timeout")  // 30
            client.apiKey = r.property("api.api_key")  // "secret123"
            return client
        }

        container.register(Database.self) { r in
            let db = Database()
            db.host = r.property("database.host")!  // "localhost"
            db.port = r.property("database.port")!  // 5432
            db.name = r.property("database.name")!  // "myapp"
            return db
        }

        container.register(PricingService.self) { r in
            let service = PricingService()
            service.unlimitedCost = r.property("packages.unlimited.cost")!  // 99.99
            return service
        }
        // end README
        let client = try #require(container.resolve(APIClient.self))
        #expect(client.baseURL == "https://api.example.com")
        #expect(client.timeout == 30)
        #expect(client.apiKey == "secret123")
        let db = try #require(container.resolve(Database.self))
        #expect(db.host == "localhost" && db.port == 5432 && db.name == "myapp")
        #expect(container.resolve(PricingService.self)?.unlimitedCost == 99.99)
    }

    @Test func tomlFromURL() throws {
        let container = Container()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("[api]\ntimeout = 5\n".utf8).write(to: directory.appendingPathComponent("config.toml"))
        let documentsURL = directory
        // README: TOML from URL
        let tomlURL = documentsURL.appendingPathComponent("config.toml")
        try container.applyPropertyLoader(TomlPropertyLoader(url: tomlURL))
        // end README
        #expect(container.property("api.timeout") == 5)
    }
}
