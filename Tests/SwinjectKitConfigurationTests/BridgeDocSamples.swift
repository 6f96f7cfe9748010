import Configuration
import Foundation
import Swinject
import SwinjectKitConfiguration
import SwinjectPropertyLoader
import SystemPackage
import Testing

// The Swift samples of SwiftConfigurationBridge.md, verbatim (Scripts/check-doc-samples.py), and
// tests that run them through the public API. `SystemPackage` (swift-system, which swift-configuration
// depends on) makes `FilePath` from the string literals.
struct BridgeDocSamples {
    // Compiled only: it reads files under /etc. The tests below read the same way from
    // temporary files.
    func makeConfigReader() async throws -> ConfigReader {
        let app = try await FileProvider<TOMLSnapshot>(
            parsingOptions: .init(secretsSpecifier: .specific(["database.password"]), sourceName: "app.toml"),
            filePath: "/etc/orders/app.toml")
        let defaults = try await FileProvider<JSONCSnapshot>(filePath: "/etc/orders/defaults.json", allowMissing: true)
        return ConfigReader(providers: [app, defaults])
    }

    func importSettings(_ variables: [String: String], into container: Container) throws {
        let environment = EnvironmentVariablesProvider(
            environmentVariables: variables, secretsSpecifier: .specific(["DATABASE_PASSWORD"]))
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(
                provider: environment,
                keys: ["http.port", .init("database.password", isRequired: true)]))
    }

    func importFromReader(_ config: ConfigReader, into container: Container) throws {
        let keys: [ConfigurationPropertyLoader.Key] = [
            "http.port",
            .init("database.password", isSecret: true, isRequired: true),
            .init("features", configKey: ["feature", "flags"], type: .stringArray),
        ]
        try container.applyPropertyLoader(ConfigurationPropertyLoader(reader: config, keys: keys))
    }
}

@Suite struct BridgeDocSampleTests {
    @Test func importSettingsFromTheEnvironment() throws {
        let container = Container()
        try BridgeDocSamples().importSettings(["HTTP_PORT": "8080", "DATABASE_PASSWORD": "hunter2"], into: container)
        #expect(container.property("http.port") == 8080)
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
        #expect(!container.propertiesDescription.contains("hunter2"))
        #expect(throws: ConfigurationBridgeError.missingRequiredValue) {
            try BridgeDocSamples().importSettings(["HTTP_PORT": "8080"], into: Container())
        }
    }

    @Test func importFromAReaderOverFiles() async throws {
        let toml = "[http]\nport = 8080\n[database]\npassword = \"hunter2\"\n[feature]\nflags = [\"a\", \"b\"]\n"
        let (config, url) = try fileConfig(toml, name: "app.toml")
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = ConfigReader(provider: try await FileProvider<TOMLSnapshot>(config: config))
        let container = Container()
        try BridgeDocSamples().importFromReader(reader, into: container)
        #expect(container.property("http.port") == 8080)
        #expect(container.property("features") == ["a", "b"])
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
    }
}
