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

        // Fail fast: all unreadable properties at once (key, file:line), then missing services (chain).
        try container.checkProperties()
        try container.verify()
        return container
    }

    func startServer() throws {
        let container = try makeServerContainer(configDirectory: URL(fileURLWithPath: "Config"))
        let orders = try container.resolveOrThrow(OrderService.self)
        print("orders talk to \(orders.client.baseURL)")
    }

    protocol Animal: AnyObject {
        var name: String { get }
    }

    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class PetOwner {
        let pet: any Animal
        init(pet: any Animal) { self.pet = pet }
    }

    func makePetContainer() throws -> Container {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.autoregister(PetOwner.self, initializer: PetOwner.init)
        try container.verify()
        return container
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

    @Test func petContainerResolvesTheOwner() throws {
        let container = try samples.makePetContainer()
        let owner = try container.resolveOrThrow(ReadmeDocSamples.PetOwner.self)
        #expect(owner.pet.name == "Mimi")
    }

    @Test func weatherViewModelReadsTheInjector() throws {
        _ = try? ReadmeDocSamples.AppInjectors.services.register(
            as: (any ReadmeDocSamples.WeatherService).self, injection: .singleton(ReadmeDocSamples.SunnyWeather()))
        #expect(ReadmeDocSamples.WeatherViewModel().headline == "Today: sunny")
    }
}
