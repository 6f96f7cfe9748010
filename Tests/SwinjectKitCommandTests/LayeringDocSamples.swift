import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The sample of the LayeringConfiguration article, and a check that the swinjectkit command
// shows what a container built the same way holds. Public API only.

func makeLayeredContainer(configuration: URL, environment: [String: String]) throws -> Container {
    let container = Container()
    try container.applyPropertyLoaders(
        [
            JsonPropertyLoader(url: configuration.appendingPathComponent("defaults.json")),
            TomlPropertyLoader(url: configuration.appendingPathComponent("app.toml")),
            DotEnvPropertyLoader(url: configuration.appendingPathComponent("local.env")),
            DirectoryPropertyLoader(url: configuration.appendingPathComponent("secrets"), secret: true),
            EnvironmentPropertyLoader(prefix: "APP_", variables: environment),
        ],
        merging: .deep)
    return container
}

func databaseURL(secrets: URL) throws -> String {
    let container = Container()
    try container.applyPropertyLoader(
        TomlPropertyLoader(
            string: #"database.url = "postgres://orders:${database.password}@db.internal/orders""#, name: "app.toml"))
    // Not an error yet: the secrets directory, applied next, sets database.password.
    try container.applyPropertyLoader(DirectoryPropertyLoader(url: secrets, secret: true), merging: .deep)
    try container.checkProperties()  // throws if a placeholder is still unresolved
    return try container.requiredProperty("database.url")
}

@Suite("Layering configuration")
struct LayeringDocSamples {
    @Test func theCommandShowsWhatTheLayeredContainerHolds() throws {
        let fixtures = try CommandRunner.fixtures
        let environment = ["APP_DATABASE_PORT": "6543"]
        let container = try makeLayeredContainer(configuration: fixtures, environment: environment)
        let port: Int? = container.property("database.port")
        #expect(port == 6543)
        let host: String? = container.property("database.host")
        #expect(host == "localhost")
        // One call per layer holds the same properties.
        let oneByOne = Container()
        try oneByOne.applyPropertyLoader(JsonPropertyLoader(url: fixtures.appendingPathComponent("defaults.json")))
        try oneByOne.applyPropertyLoader(
            TomlPropertyLoader(url: fixtures.appendingPathComponent("app.toml")), merging: .deep)
        try oneByOne.applyPropertyLoader(
            DotEnvPropertyLoader(url: fixtures.appendingPathComponent("local.env")), merging: .deep)
        try oneByOne.applyPropertyLoader(
            DirectoryPropertyLoader(url: fixtures.appendingPathComponent("secrets"), secret: true), merging: .deep)
        try oneByOne.applyPropertyLoader(
            EnvironmentPropertyLoader(prefix: "APP_", variables: environment), merging: .deep)
        #expect(oneByOne.propertiesDescription == container.propertiesDescription)

        let result = try CommandRunner.run(
            [
                "show", "--json", "--show-secrets", "defaults.json", "app.toml", "local.env", "--secrets", "secrets",
                "--env", "APP_", "--merge", "deep",
            ],
            environment: environment)
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let properties = try #require(document["properties"] as? [[String: Any]])
        #expect(properties.compactMap { $0["key"] as? String } == container.propertyKeys)
        for property in properties {
            let key = try #require(property["key"] as? String)
            let record = try #require(container.propertyRecord(for: key))
            let source = try #require(property["source"] as? [String: Any])
            let name = try #require(source["name"] as? String)
            // The command names a file as its argument spelled it; the container by its path.
            #expect(record.source.name.hasSuffix(name), "\(key): \(record.source.name) vs \(name)")
            #expect((source["line"] as? Int) == (record.source.position.isKnown ? record.source.position.line : nil))
            #expect(property["text"] as? Bool == record.source.valuesAreText)
            #expect(property["overridden"].map { ($0 as? [Any])?.count } == record.overridden.count)
        }
    }

    @Test func aPlaceholderMayNameAKeyALaterLayerSets() throws {
        let secrets = try CommandRunner.fixtures.appendingPathComponent("secrets")
        #expect(try databaseURL(secrets: secrets) == "postgres://orders:hunter2@db.internal/orders")
        // Without the secrets layer the read and the check name the key and the template's source.
        let container = Container()
        try container.applyPropertyLoader(
            TomlPropertyLoader(
                string: #"database.url = "postgres://orders:${database.password}@db.internal/orders""#,
                name: "app.toml"))
        let check = #expect(throws: PropertyCheckError.unreadableProperties) {
            try container.checkProperties()
        }
        #expect(
            check?.failures.map(\.description) == [
                "property \"database.url\" does not resolve: app.toml:1:16: placeholder ${database.password} in"
                    + " property \"database.url\" names a property that no loader set, and has no default"
                    + " (${database.password:-default} gives one)"
            ])
    }
}
