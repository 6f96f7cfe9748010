import Configuration
import Foundation
import PropertyFormats
import Swinject
import SwinjectKitConfiguration
import SwinjectPropertyLoader
import Testing

@Suite struct ImportTests {
    private let values: [AbsoluteConfigKey: ConfigValue] = [
        "http.port": ConfigValue(.int(8080), isSecret: false),
        "http.host": ConfigValue(.string("0.0.0.0"), isSecret: false),
        "database.password": ConfigValue(.string("hunter2"), isSecret: true),
        "features": ConfigValue(.stringArray(["search", "checkout"]), isSecret: false),
    ]

    @Test func importsNamedKeysWithTheirTypes() throws {
        let provider = InMemoryProvider(name: "memory", values: values)
        let container = Container()
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(
                provider: provider,
                keys: ["http.port", "http.host", .init("features", type: .stringArray), "absent.key"]))
        #expect(container.property("http.port") == 8080)
        #expect(container.property("http.host") == "0.0.0.0")
        #expect(container.property("features") == ["search", "checkout"])
        let absent: String? = container.property("absent.key")
        #expect(absent == nil)
        #expect(container.propertySource(for: "http.port")?.name == "InMemoryProvider[memory]")
    }

    @Test func providerSecretsStaySecret() throws {
        let provider = InMemoryProvider(name: "memory", values: values)
        let container = Container()
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(provider: provider, keys: ["database.password", "http.host"]))
        #expect(container.property("database.password") == "hunter2")
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
        #expect(container.propertySource(for: "http.host")?.isSecret == false)
        #expect(!container.propertiesDescription.contains("hunter2"))
        #expect(container.propertiesDescription.contains("0.0.0.0"))
    }

    @Test func environmentTextConvertsOnRequestAndKeysCanBeMarkedSecret() throws {
        let environment = EnvironmentVariablesProvider(
            environmentVariables: ["HTTP_PORT": "8080", "API_TOKEN": "s3cr3t", "DATABASE_PASSWORD": "hunter2"],
            secretsSpecifier: .specific(["DATABASE_PASSWORD"]))
        let loader = ConfigurationPropertyLoader(
            provider: environment, keys: ["http.port", .init("api.token", isSecret: true), "database.password"])
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.property("http.port") == 8080)
        #expect(container.propertySource(for: "http.port")?.valuesAreText == true)
        #expect(container.propertySource(for: "api.token")?.isSecret == true)
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
        #expect(!container.propertiesDescription.contains("s3cr3t"))
    }

    @Test func firstProviderWithTheKeyWins() throws {
        let overrides = InMemoryProvider(
            name: "overrides", values: ["http.port": ConfigValue(.int(9090), isSecret: false)])
        let defaults = InMemoryProvider(name: "defaults", values: values)
        let container = Container()
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(providers: [overrides, defaults], keys: ["http.port", "http.host"]))
        #expect(container.property("http.port") == 9090)
        #expect(container.property("http.host") == "0.0.0.0")
    }

    @Test func missingRequiredKeysAndWrongTypesAreErrors() throws {
        let provider = InMemoryProvider(name: "memory", values: values)
        do {
            _ = try ConfigurationPropertyLoader(provider: provider, keys: [.init("db.url", isRequired: true)])
                .loadBatch()
            Issue.record("expected an error")
        } catch let error as ConfigurationBridgeError {
            #expect(error.code == .missingRequiredValue)
            #expect(
                error.description
                    == "InMemoryProvider[memory]: required key db.url has no value in InMemoryProvider[memory]")
        }
        do {
            _ = try ConfigurationPropertyLoader(provider: provider, keys: [.init("database.password", type: .int)])
                .loadBatch()
            Issue.record("expected an error")
        } catch let error as ConfigurationBridgeError {
            #expect(error.code == .providerFailed)
            #expect(error.message.contains("database.password as int"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func importsThroughAReaderWithItsScope() throws {
        let reader = ConfigReader(provider: InMemoryProvider(name: "memory", values: values)).scoped(to: "http")
        let container = Container()
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(
                reader: reader,
                keys: [.init("server.port", configKey: "port", type: .int), .init("server.host", configKey: "host")]))
        #expect(container.property("server.port") == 8080)
        #expect(container.property("server.host") == "0.0.0.0")
        #expect(throws: ConfigurationBridgeError.missingRequiredValue) {
            try ConfigurationPropertyLoader(reader: reader, keys: [.init("x", configKey: "absent", isRequired: true)])
                .loadBatch()
        }
    }

    @Test func tomlFileThroughFileProviderIntoAContainer() async throws {
        let (config, url) = try fileConfig("[database]\nport = 6432\npassword = \"pw\"\n", name: "round.toml")
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try await FileProvider<TOMLSnapshot>(
            parsingOptions: .init(secretsSpecifier: .specific(["database.password"])), config: config)
        let container = Container()
        try container.applyPropertyLoader(
            ConfigurationPropertyLoader(provider: provider, keys: ["database.port", "database.password"]))
        #expect(container.property("database.port") == 6432)
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
    }
}
