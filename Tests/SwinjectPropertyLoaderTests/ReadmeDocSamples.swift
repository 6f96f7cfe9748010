import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The README's SwinjectPropertyLoader sample, verbatim; `Bundle.module` is this test target's
// bundle, which holds Fixtures/config.toml.
struct PropertyLoaderReadmeDocSamples {
    struct DatabaseSettings: Decodable {
        let host: String
        let port: Int
        let name: String
    }

    func loadBundledDatabaseSettings() throws -> DatabaseSettings {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: .module, name: "config"))
        return try container.requiredProperty("database")  // the `[database]` table, decoded
    }
}

@Suite struct PropertyLoaderReadmeDocSampleTests {
    @Test func bundledDatabaseSettingsDecode() throws {
        let settings = try PropertyLoaderReadmeDocSamples().loadBundledDatabaseSettings()
        #expect(settings.host == "localhost")
        #expect(settings.port == 5432)
        #expect(settings.name == "myapp")
    }
}
