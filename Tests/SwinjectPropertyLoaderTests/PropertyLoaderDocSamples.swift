import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of Sources/SwinjectPropertyLoader/Documentation.docc, verbatim
// (Scripts/check-doc-samples.py checks that each appears in a test file). Each article's samples
// sit in a namespace struct so their type names cannot collide with other test files; the tests
// at the end run them through the public API only.

struct LandingDocSamples {
    typealias APIClient = GettingStartedDocSamples.APIClient

    func makeOrdersContainer(configFile: URL) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(url: configFile))
        container.register(APIClient.self) { r in
            APIClient(
                baseURL: r.property("api.baseURL", .orFatalError),
                timeout: r.property("api.timeout", default: 10))
        }
        try container.checkProperties()
        return container
    }
}

struct GettingStartedDocSamples {
    final class APIClient {
        let baseURL: URL
        let timeout: Int

        init(baseURL: URL, timeout: Int) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    func makeAPIContainer(configFile: URL) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(url: configFile))
        container.register(APIClient.self) { r in
            APIClient(
                baseURL: r.property("api.baseURL", .orFatalError),
                timeout: r.property("api.timeout", default: 10))
        }
        try container.checkProperties()
        return container
    }

    func makeBundledContainer() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(TomlPropertyLoader(bundle: .module, name: "config"))
        return container
    }

    func makeLayeredContainer(configDirectory: URL, environment: String) throws -> Container {
        let container = Container()
        for file in ["base.json", "\(environment).json"] {
            try container.applyPropertyLoader(JsonPropertyLoader(url: configDirectory.appendingPathComponent(file)))
        }
        let _: URL = try container.requiredProperty("api.baseURL")
        return container
    }
}

struct LoadersDocSamples {
    func applyEveryFormat(to container: Container, configDirectory: URL) throws {
        try container.applyPropertyLoader(JsonPropertyLoader(url: configDirectory.appendingPathComponent("app.json")))
        try container.applyPropertyLoader(TomlPropertyLoader(url: configDirectory.appendingPathComponent("app.toml")))
        try container.applyPropertyLoader(PlistPropertyLoader(url: configDirectory.appendingPathComponent("app.plist")))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "region": "eu" }"#, name: "inline.json"))
    }

    struct ServerDefaults {
        struct API {
            var baseURL = "https://api.example.com"
            var timeout = 30
        }

        var api = API()
        var appName = "Orders"
    }

    func applyDefaults(to container: Container) throws {
        try container.applyPropertyLoader(StructPropertyLoader(ServerDefaults()))
        // The properties are api.baseURL, api.timeout and appName.
    }

    struct EnvironmentLoader: PropertyLoader {
        let variables: [String: String]

        func load() throws -> [String: Any] {
            variables.filter { $0.key.hasPrefix("APP_") }
        }
    }

    func applyEnvironment(to container: Container) throws {
        try container.applyPropertyLoader(EnvironmentLoader(variables: ProcessInfo.processInfo.environment))
    }

    struct CommandLineLoader: PropertyBatchLoader {
        let arguments: [String]

        func loadBatch() throws -> PropertyBatch {
            var batch = PropertyBatch()
            for (index, argument) in arguments.enumerated() {
                let parts = argument.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let source = PropertySource(name: "argument \(index + 1)")
                batch.set(String(parts[0]), to: .string(String(parts[1])), source: source)
            }
            return batch
        }
    }

    /// `key: value` lines; `#` starts a comment.
    struct ColonLinesPropertyLoader: FilePropertyLoader {
        struct Options: Sendable {
            var limits = ParseLimits.default
        }

        static var fileExtension: String { "conf" }
        static var defaultOptions: Options { Options() }

        let input: PropertyInput
        var options: Options

        init(input: PropertyInput, options: Options) {
            self.input = input
            self.options = options
        }

        func loadBatch() throws -> PropertyBatch {
            let text = String(decoding: try input.read(limits: options.limits), as: UTF8.self)
            var batch = PropertyBatch(limits: options.limits)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                let position = SourcePosition(line: offset + 1, column: 1)
                batch.set(key, to: .string(value), source: PropertySource(name: input.sourceName, position: position))
            }
            return batch
        }
    }

    func applyServiceConfiguration(to container: Container) throws {
        try container.applyPropertyLoader(ColonLinesPropertyLoader(bundle: .main, name: "service"))  // service.conf
    }
}

extension PropertyKey {
    static let serviceURL = PropertyKey("api.baseURL")
    static let requestTimeout: PropertyKey = "api.timeout"
}

func readDeclaredKeys(from container: Container) -> (URL?, Int) {
    (container.property(.serviceURL), container.property(.requestTimeout, default: 10))
}

struct ReadingPropertiesDocSamples {
    typealias APIClient = GettingStartedDocSamples.APIClient

    func readValueBesideMembers() throws -> (String?, String?, [String: String]?) {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "scalar", "test.string": "dotted"}"#, name: "app.json"))
        let scalar: String? = container.property("test")  // "scalar"
        let dotted: String? = container.property("test.string")  // "dotted"
        let section: [String: String]? = container.property("test")  // ["string": "dotted"]
        return (scalar, dotted, section)
    }

    func portAfterTheOverride(_ container: Container) throws -> Int? {
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "abc"}"#, name: "base.json"))
        let before: Int? = container.property("port")  // nil, and recorded
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": 8080}"#, name: "override.json"))
        try container.checkProperties(resolvingRegistrations: false)  // passes: the read succeeds now
        return before ?? container.property("port")
    }

    func applyLayers(to container: Container, defaults: URL, overrides: URL) throws {
        try container.applyPropertyLoader(JsonPropertyLoader(url: defaults))
        try container.applyPropertyLoader(JsonPropertyLoader(url: overrides), merging: .deep)
    }

    final class DatabaseClient {
        let host: String
        let port: Int

        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    func registerDatabase(in container: Container) throws {
        container.register(DatabaseClient.self) { r in
            DatabaseClient(
                host: r.property("database.host", .orFatalError),
                port: r.property("database.port", .orFatalError))
        }
        try container.checkProperties()  // throws PropertyCheckError listing every failed read
    }

    struct ServerDefaults {
        struct API {
            var baseURL = "https://api.example.com"
            var timeout = 30
        }

        var api = API()
        var appName = "Orders"
    }

    func readTiers(from container: Container) throws -> String {
        let name: String? = container.property("appName")  // nil when missing or not a String
        let retries = container.property("api.retries", default: 3)  // 3 when missing
        let timeout: Int = try container.requiredProperty("api.timeout")  // throws PropertyError
        return "\(name ?? "?") \(retries) \(timeout)"
    }

    final class OrdersAssembly: Assembly {
        func assemble(container: Container) {
            container.register(APIClient.self) { r in
                APIClient(
                    baseURL: r.property(.serviceURL, .orFatalError),
                    timeout: r.property(.requestTimeout, default: 10))
            }
        }
    }

    func makeAssembler() throws -> Assembler {
        try Assembler(
            assemblies: [OrdersAssembly()],
            propertyLoaders: [StructPropertyLoader(ServerDefaults())])
    }

    struct APISettings: Decodable {
        let baseURL: String
        let timeout: Int
    }

    func readSection(from container: Container) -> (APISettings?, [String: Any]?) {
        (container.property("api"), container.property("api"))
    }
}

struct ConversionDocSamples {
    enum LogLevel: String {
        case debug, info, warning
    }

    func readConverted(from container: Container) -> (Int?, Double?, LogLevel?, [String]?) {
        let port: Int? = container.property("server.port")
        let ratio: Double? = container.property("server.port")  // an integer widens exactly
        let level: LogLevel? = container.property("log.level")  // "info" → .info
        let hosts: [String]? = container.property("server.hosts")
        return (port, ratio, level, hosts)
    }
}

@Suite struct ProvenanceDocSamples {
    func describeProvenance() throws -> String {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "mode": "base" }"#, name: "base.json"))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "mode": "local" }"#, name: "local.json"))
        let source = container.propertySource(for: "mode")  // local.json:1:11
        let record = container.propertyRecord(for: "mode")  // value, source and replaced sources
        print(source?.description ?? "-", record?.overridden.count ?? 0)
        return container.propertiesDescription
        // mode = "local" (string) from local.json:1:11, overrides base.json:1:11
    }

    func loadMalformedJSON() -> String {
        let container = Container()
        do {
            let text = "{\n  \"a\": 1\n  \"b\": 2\n}"
            try container.applyPropertyLoader(JsonPropertyLoader(string: text, name: "config.json"))
            return "loaded"
        } catch {
            return "\(error)"  // config.json:3:3: expected ',' or '}' after object member
        }
    }

    @Test func timeoutMustBeAnInteger() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "api": { "timeout": "30" } }"#))
        #expect(throws: PropertyError.typeMismatch) {
            let _: Int = try container.requiredProperty("api.timeout")
        }
    }
}

struct MigrationDocSamples {
    func readScalarAndDottedKeys(from container: Container) throws -> String {
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"test": "scalar", "test.string": "dotted"}"#, name: "app.json"))
        let scalar: String = try container.requiredProperty("test")  // "scalar"
        let dotted: String = try container.requiredProperty("test.string")  // "dotted"
        return scalar + " " + dotted
    }

    func missingResourceName(loading name: String) -> String? {
        do {
            try Container().applyPropertyLoader(JsonPropertyLoader(bundle: .module, name: name))
            return nil
        } catch let error as PropertyLoaderError {
            guard case .missingResource(_, let resource)? = error.upstreamCase else { return nil }
            return resource
        } catch {
            return nil
        }
    }
}

@Suite struct PropertyLoaderDocSampleTests {
    private func writeFiles(_ files: [String: String]) throws -> URL {
        let directory = try makeTemporaryDirectory()
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func landingAndGettingStartedReadAFileByPath() throws {
        let directory = try writeFiles([
            "config.json": """
            {
                // The upstream API. Comments are allowed anywhere.
                "api": { "baseURL": "https://api.example.com", "timeout": 30 }
            }
            """
        ])
        let file = directory.appendingPathComponent("config.json")
        for container in [
            try LandingDocSamples().makeOrdersContainer(configFile: file),
            try GettingStartedDocSamples().makeAPIContainer(configFile: file),
        ] {
            let client = try #require(container.resolve(GettingStartedDocSamples.APIClient.self))
            #expect(client.baseURL.absoluteString == "https://api.example.com")
            #expect(client.timeout == 30)
        }
    }

    @Test func landingAndGettingStartedThrowAtConstructionWhenARequiredKeyIsMissing() throws {
        let directory = try writeFiles(["config.json": #"{ "api": { "timeout": 30 } }"#])
        let file = directory.appendingPathComponent("config.json")
        for make in [LandingDocSamples().makeOrdersContainer, GettingStartedDocSamples().makeAPIContainer] {
            let error = try #require(throws: PropertyCheckError.self) { try make(file) }
            #expect(error.description.contains(#"property "api.baseURL""#))
            #expect(error.description.contains("PropertyLoaderDocSamples.swift"))
        }
    }

    @Test func gettingStartedReadsTheBundledFile() throws {
        let container = try GettingStartedDocSamples().makeBundledContainer()
        #expect(container.property("database.port") == 5432)
    }

    @Test func gettingStartedLayersAndFailsFast() throws {
        let directory = try writeFiles([
            "base.json": #"{ "api": { "baseURL": "http://localhost" } }"#,
            "production.json": #"{ "api": { "baseURL": "https://api.example.com" } }"#,
            "staging.json": #"{ "api": { "timeout": 5 } }"#,
        ])
        let samples = GettingStartedDocSamples()
        let container = try samples.makeLayeredContainer(configDirectory: directory, environment: "production")
        #expect(container.property("api.baseURL") == "https://api.example.com")
        // The staging file replaces the whole `api` object, so the base URL is gone: fail fast.
        #expect(throws: PropertyError.missingKey) {
            _ = try samples.makeLayeredContainer(configDirectory: directory, environment: "staging")
        }
    }

    @Test func loadersApplyEveryFormat() throws {
        let directory = try writeFiles([
            "app.json": #"{ "json": 1 }"#,
            "app.toml": "toml = 2\n",
            "app.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>plist</key><integer>3</integer></dict></plist>
            """,
        ])
        let container = Container()
        try LoadersDocSamples().applyEveryFormat(to: container, configDirectory: directory)
        #expect(container.property("json") == 1)
        #expect(container.property("toml") == 2)
        #expect(container.property("plist") == 3)
        #expect(container.property("region") == "eu")
    }

    @Test func loadersStructAndCustomLoaders() throws {
        let samples = LoadersDocSamples()
        let container = Container()
        try samples.applyDefaults(to: container)
        #expect(container.property("api.timeout") == 30)
        #expect(container.property("appName") == "Orders")
        try container.applyPropertyLoader(
            LoadersDocSamples.EnvironmentLoader(variables: ["APP_MODE": "demo", "HOME": "/"]))
        #expect(container.property("APP_MODE") == "demo")
        #expect((container.property("HOME") as String?) == nil)
        try samples.applyEnvironment(to: container)
        try container.applyPropertyLoader(LoadersDocSamples.CommandLineLoader(arguments: ["mode=fast", "bare"]))
        #expect(container.property("mode") == "fast")
        #expect(container.propertySource(for: "mode")?.name == "argument 1")
    }

    @Test func readingPropertiesTiersKeysSectionsAndAssembler() throws {
        let samples = ReadingPropertiesDocSamples()
        let container = Container()
        try container.applyPropertyLoader(StructPropertyLoader(ReadingPropertiesDocSamples.ServerDefaults()))
        #expect(try samples.readTiers(from: container) == "Orders 3 30")
        let (url, timeout) = readDeclaredKeys(from: container)
        #expect(url?.absoluteString == "https://api.example.com")
        #expect(timeout == 30)
        let (settings, raw) = samples.readSection(from: container)
        #expect(settings?.timeout == 30)
        #expect(raw?["baseURL"] as? String == "https://api.example.com")
        let assembler = try samples.makeAssembler()
        #expect(assembler.resolver.resolve(GettingStartedDocSamples.APIClient.self)?.timeout == 30)
    }

    @Test func readingPropertiesAFixedReadIsNotReported() throws {
        let container = Container()
        #expect(try ReadingPropertiesDocSamples().portAfterTheOverride(container) == 8080)
        #expect(container.propertyReadFailures.isEmpty)
    }

    @Test func readingPropertiesDeepMergeAndRequiredReads() throws {
        let samples = ReadingPropertiesDocSamples()
        let directory = try writeFiles([
            "defaults.json": #"{ "database": { "host": "db.local", "port": 5432 } }"#,
            "overrides.json": #"{ "database": { "port": 7000 } }"#,
        ])
        let layered = Container()
        try samples.applyLayers(
            to: layered, defaults: directory.appendingPathComponent("defaults.json"),
            overrides: directory.appendingPathComponent("overrides.json"))
        #expect(layered.property("database.host") == "db.local")
        #expect(layered.property("database.port") == 7000)

        try samples.registerDatabase(in: layered)
        #expect(layered.resolve(ReadingPropertiesDocSamples.DatabaseClient.self)?.port == 7000)

        let broken = Container()
        try broken.applyPropertyLoader(JsonPropertyLoader(string: #"{ "database": { "port": "x" } }"#))
        #expect(throws: PropertyCheckError.self) { try samples.registerDatabase(in: broken) }
    }

    @Test func scalarAndDottedKeysReadBoth() throws {
        let (scalar, dotted, section) = try ReadingPropertiesDocSamples().readValueBesideMembers()
        #expect(scalar == "scalar")
        #expect(dotted == "dotted")
        #expect(section == ["string": "dotted"])
        #expect(try MigrationDocSamples().readScalarAndDottedKeys(from: Container()) == "scalar dotted")
    }

    @Test func migrationMatchesTheForkCase() {
        #expect(MigrationDocSamples().missingResourceName(loading: "no-such-config") == "no-such-config")
        #expect(MigrationDocSamples().missingResourceName(loading: "properties") == nil)
    }

    @Test func conversionTableSample() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{ "server": { "port": 8080, "hosts": ["a", "b"] }, "log": { "level": "info" } }"#))
        let (port, ratio, level, hosts) = ConversionDocSamples().readConverted(from: container)
        #expect(port == 8080)
        #expect(ratio == 8080.0)
        #expect(level == .info)
        #expect(hosts == ["a", "b"])
    }

    @Test func provenanceAndErrorSamples() throws {
        let samples = ProvenanceDocSamples()
        let description = try samples.describeProvenance()
        #expect(description.contains("local.json:1:11"))
        #expect(description.contains("base.json:1:11"))
        #expect(samples.loadMalformedJSON().hasPrefix("config.json:3:3:"))
    }
}
