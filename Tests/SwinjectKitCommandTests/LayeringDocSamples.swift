import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The sample of the LayeringConfiguration article, and a check that the swinjectkit command
// shows what a container built the same way holds. Public API only.

func makeLayeredContainer(configuration: URL, environment: [String: String]) throws -> Container {
    let container = Container()
    try container.applyPropertyLoader(JsonPropertyLoader(url: configuration.appendingPathComponent("defaults.json")))
    try container.applyPropertyLoader(
        TomlPropertyLoader(url: configuration.appendingPathComponent("app.toml")), merging: .deep)
    try container.applyPropertyLoader(
        DotEnvPropertyLoader(url: configuration.appendingPathComponent("local.env")), merging: .deep)
    try container.applyPropertyLoader(
        DirectoryPropertyLoader(url: configuration.appendingPathComponent("secrets"), secret: true), merging: .deep)
    try container.applyPropertyLoader(
        EnvironmentPropertyLoader(prefix: "APP_", variables: environment), merging: .deep)
    return container
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
}
