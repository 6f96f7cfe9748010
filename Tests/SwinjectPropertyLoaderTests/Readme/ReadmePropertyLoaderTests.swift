import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// Usage examples of the property loaders, compiled and run. The samples of the DocC articles are
// in PropertyLoaderDocSamples.swift and ReadmeDocSamples.swift.

private final class Person {
    var name: String!
    var count: Int?
    var team: String = ""
}

private final class APIClient {
    var baseURL: String?
    var timeout: Int = 0
    var apiKey: String?
}

extension PropertyKey {
    static let apiBaseURL = PropertyKey("api.baseURL")
    static let apiTimeout = PropertyKey("api.timeout")
    static let debugMode: PropertyKey = "debug.enabled"
}

private struct AppConfig: Sendable {
    struct API: Sendable {
        let baseURL = "https://api.example.com"
        let timeout = 30
        let apiKey = "secret123"
    }

    let api = API()
    let appName = "MyApp"
    let debugMode = false
}

private final class NetworkAssembly: Assembly {
    func assemble(container: Container) {
        container.register(APIClient.self) { r in
            let client = APIClient()
            client.baseURL = r.property(.apiBaseURL)
            return client
        }
    }
}

@Suite struct ReadmePropertyLoaderTests {
    @Test func quickStart() throws {
        let bundle = Fixtures.bundle
        // README: quick start
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: bundle, name: "properties"))

        container.register(Person.self) { r in
            let person = Person()
            person.name = r.property("name")
            person.count = r.property("count")
            person.team = r.property("team")!
            return person
        }

        let person = container.resolve(Person.self)!
        print(person.name!, person.count!, person.team)  // Mike 100 Giants
        // end README
        #expect(person.name == "Mike")
        #expect(person.count == 100)
        #expect(person.team == "Giants")
    }

    @Test func loaders() throws {
        let container = Container()
        let directory = try makeTemporaryDirectory()
        try Data(#"{"fromFile": true}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        let configURL = directory.appendingPathComponent("config.json")
        let bundle = Fixtures.bundle
        // README: loaders
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: bundle, name: "properties"))
        try container.applyPropertyLoader(JsonPropertyLoader(url: configURL))
        try container.applyPropertyLoader(PlistPropertyLoader(bundle: bundle, name: "properties"))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "region": "eu" }"#))
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        // end README
        #expect(container.property("fromFile") == true)
        #expect(container.property("region") == "eu")
        #expect(container.property("api.timeout") == 30)
    }

    @Test func propertyKeys() throws {
        let container = Container()
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        // README: property keys
        container.register(APIClient.self) { r in
            let client = APIClient()
            client.baseURL = r.property(.apiBaseURL)
            client.timeout = r.property(.apiTimeout) ?? 30
            return client
        }
        // end README
        #expect(container.resolve(APIClient.self)?.baseURL == "https://api.example.com")
    }

    @Test func threeTiers() throws {
        let container = Container()
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        // README: three tiers
        let name: String? = container.property("appName")  // nil when missing or not a String
        let retries = container.property("api.retries", default: 3)  // 3 when missing
        do {
            let timeout: Int = try container.requiredProperty("api.timeout")
            print(name ?? "?", retries, timeout)
        } catch {
            print(error)  // names the key, the type, the stored value, its source and this line
        }
        // end README
        #expect(name == "MyApp")
        #expect(retries == 3)
    }

    @Test func sectionsAndDecodable() throws {
        let container = Container()
        // README: sections
        struct API: Decodable {
            let baseURL: String
            let timeout: Int
        }
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        let api: API? = container.property("api")  // the "api.*" keys, decoded
        let raw: [String: Any]? = container.property("api")
        // end README
        #expect(api?.timeout == 30)
        #expect(raw?["apiKey"] as? String == "secret123")
    }

    @Test func assembler() throws {
        let bundle = Fixtures.bundle
        // README: assembler
        let assembler = try Assembler(
            assemblies: [NetworkAssembly()],
            propertyLoaders: [JsonPropertyLoader(bundle: bundle, name: "properties")])
        let client = assembler.resolver.resolve(APIClient.self)
        // end README
        #expect(client != nil)
    }

    @Test func provenance() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "mode": "base" }"#, name: "base.json"))
        // README: provenance
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "mode": "local" }"#, name: "local.json"))
        print(container.propertySource(for: "mode")!)  // local.json:1:11
        print(container.propertiesDescription)
        // mode = "local" (string) from local.json:1:11, overrides base.json:1:11
        // end README
        #expect(container.propertySource(for: "mode")?.description == "local.json:1:11")
        #expect(
            container.propertiesDescription
                == #"mode = "local" (string) from local.json:1:11, overrides base.json:1:11"#)
    }

    @Test func customLoader() throws {
        let container = Container()
        // README: custom loader
        struct EnvironmentLoader: PropertyLoader {
            let variables: [String: String]
            func load() throws -> [String: Any] {
                variables.filter { $0.key.hasPrefix("APP_") }
            }
        }
        try container.applyPropertyLoader(EnvironmentLoader(variables: ["APP_MODE": "demo"]))
        // end README
        #expect(container.property("APP_MODE") == "demo")
    }

    @Test func errorFormat() throws {
        // README: errors
        do {
            try container(loading: "{\n  \"a\": 1\n  \"b\": 2\n}")
        } catch let error as PropertyLoaderError {
            print(error)  // config.json:3:3: expected ',' or '}' after object member
            print(error.code == .malformedContent)  // true
        }
        // end README
        let error = try #require(throws: PropertyLoaderError.self) {
            try container(loading: "{\n  \"a\": 1\n  \"b\": 2\n}")
        }
        #expect(error.description == "config.json:3:3: expected ',' or '}' after object member")
    }

    private func container(loading text: String) throws {
        try Container().applyPropertyLoader(JsonPropertyLoader(string: text, name: "config.json"))
    }
}
