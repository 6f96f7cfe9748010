import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader
import Testing

// The README's Swift samples, verbatim (Scripts/check-doc-samples.py checks that they appear in
// a test file). Each sample sits inside a namespace struct so its type names cannot collide with
// other test files of this target; the tests below run them.
struct ReadmeDocSamples {
    final class APIClient {
        let baseURL: URL
        let timeout: Int

        init(baseURL: URL, timeout: Int) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    final class OrderService {
        let client: APIClient

        init(client: APIClient) {
            self.client = client
        }
    }

    /// Reads `base.json`, then `production.toml` over it (each TOML value replaces that one key).
    func makeServerContainer(configDirectory: URL) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(url: configDirectory.appendingPathComponent("base.json")))
        try container.applyPropertyLoader(
            TomlPropertyLoader(url: configDirectory.appendingPathComponent("production.toml")))

        container.register(APIClient.self) { r in
            try APIClient(baseURL: r.requiredProperty("api.baseURL"), timeout: r.property("api.timeout", default: 10))
        }
        .inObjectScope(.container)
        container.autoregister(OrderService.self, initializer: OrderService.init)

        // Fail fast: all unreadable properties at once (key, file:line), then every service built once,
        // closures included, with the chain of any that fails; the report says what was checked.
        try container.checkProperties()
        print(try container.verify(.resolvingEach))  // Verified 2 registrations.
        return container
    }

    func startServer() throws {
        let container = try makeServerContainer(configDirectory: URL(fileURLWithPath: "Config"))
        let orders = try container.resolveOrThrow(OrderService.self)
        print("orders talk to \(orders.client.baseURL)")
    }

    protocol WeatherService: Sendable {
        func forecast() -> String
    }
    struct SunnyWeather: WeatherService {
        func forecast() -> String { "sunny" }
    }

    enum AppInjectors {
        static let services = Injector(label: "services")
    }

    struct WeatherViewModel {
        @Injected(injector: AppInjectors.services) var weather: any WeatherService

        var headline: String { "Today: \(weather.forecast())" }
    }
}

@Suite struct ReadmeDocSampleTests {
    let samples = ReadmeDocSamples()

    private func writeConfig(base: String, production: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swinjectkit-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(base.utf8).write(to: directory.appendingPathComponent("base.json"))
        try Data(production.utf8).write(to: directory.appendingPathComponent("production.toml"))
        return directory
    }

    @Test func serverQuickStartLayersTheOverride() throws {
        let directory = try writeConfig(
            base: #"{ "api": { "baseURL": "http://localhost:8080", "timeout": 5 } }"#,
            production: "[api]\nbaseURL = \"https://api.example.com\"\n")
        let container = try samples.makeServerContainer(configDirectory: directory)
        let orders = try container.resolveOrThrow(ReadmeDocSamples.OrderService.self)
        #expect(orders.client.baseURL.absoluteString == "https://api.example.com")
    }

    @Test func serverQuickStartFailsFastOnAMissingValue() throws {
        let directory = try writeConfig(base: #"{ "api": { "timeout": 5 } }"#, production: "")
        #expect {
            _ = try samples.makeServerContainer(configDirectory: directory)
        } throws: { error in
            "\(error)".contains("api.baseURL") && error is PropertyCheckError
        }
    }

    @Test func serverQuickStartNamesTheFileOfAMalformedOverride() throws {
        let directory = try writeConfig(base: #"{ "api": { "baseURL": "http://a" } }"#, production: "[api\n")
        do {
            _ = try samples.makeServerContainer(configDirectory: directory)
            Issue.record("a malformed production.toml was accepted")
        } catch let error as PropertyLoaderError {
            #expect(error.code == .malformedContent)
            #expect("\(error)".contains("production.toml:1:"))
        }
    }

    /// The quick start's check covers the closure registration that plain `verify()` skips and
    /// lists by name.
    @Test func serverQuickStartChecksTheClosureRegistration() throws {
        let directory = try writeConfig(
            base: #"{ "api": { "baseURL": "http://localhost:8080" } }"#, production: "")
        let container = try samples.makeServerContainer(configDirectory: directory)
        let skipped = try container.verify()
        #expect(skipped.unchecked.map { $0.prefix(while: { $0 != ":" }) } == ["APIClient"])
        #expect(skipped.description.hasPrefix("Verified 1 registration; 1 not checked:\n- APIClient: "))
        let report = try container.verify(.resolvingEach)
        #expect(report.unchecked.isEmpty)
        #expect(report.description == "Verified 2 registrations.")
    }

    @Test func weatherViewModelReadsTheInjector() throws {
        _ = try? ReadmeDocSamples.AppInjectors.services.register(
            as: (any ReadmeDocSamples.WeatherService).self, injection: .singleton(ReadmeDocSamples.SunnyWeather()))
        #expect(ReadmeDocSamples.WeatherViewModel().headline == "Today: sunny")
    }
}
