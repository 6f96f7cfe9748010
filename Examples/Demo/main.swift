import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectInjection
import SwinjectPropertyLoader

// The SwinjectKit demo: loads a JSON file (with comments) and a property list from this
// executable's bundle into a Swinject container, then resolves services that read them.

final class APIClient {
    let baseURL: URL
    let timeout: Int

    init(baseURL: URL, timeout: Int) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
}

struct DatabaseSettings: Decodable {
    let host: String
    let port: Int
    let name: String
}

final class Database {
    let settings: DatabaseSettings

    init(settings: DatabaseSettings) {
        self.settings = settings
    }
}

final class CheckoutService {
    let client: APIClient
    let database: Database

    init(client: APIClient, database: Database) {
        self.client = client
        self.database = database
    }
}

protocol Greeter: Sendable {
    func greet(_ name: String) -> String
}

struct FriendlyGreeter: Greeter {
    func greet(_ name: String) -> String { "Hello, \(name)!" }
}

let injector = Injector(label: "demo")
let container = injector.container
do {
    try container.applyPropertyLoader(JsonPropertyLoader(bundle: .module, name: "app"))
    try container.applyPropertyLoader(PlistPropertyLoader(bundle: .module, name: "database"))
} catch {
    print("Could not load configuration: \(error)")
    exit(1)
}

container.register(APIClient.self) { r in
    APIClient(
        baseURL: r.property("api.baseURL") ?? URL(fileURLWithPath: "/"),
        timeout: r.property("api.timeout", default: 10))
}
container.register(Database.self) { r in
    Database(settings: r.property("database") ?? DatabaseSettings(host: "", port: 0, name: ""))
}

container.autoregister(CheckoutService.self, initializer: CheckoutService.init(client:database:))
    .inObjectScope(.container)
do {
    try injector.register(as: (any Greeter).self, injection: .lazySingleton { FriendlyGreeter() })
    try container.verify()
} catch {
    print("Configuration problem: \(error)")
    exit(1)
}

let resolver = container.synchronize()
guard let client = resolver.resolve(APIClient.self), let database = resolver.resolve(Database.self) else {
    print("Could not resolve the demo services")
    exit(1)
}
let appName: String = container.property("appName", default: "?")
let features: [String] = container.property("features", default: [])

print("== \(appName) ==")
print("APIClient: \(client.baseURL.absoluteString), timeout \(client.timeout) s")
print("Database: \(database.settings.name) at \(database.settings.host):\(database.settings.port)")
print("Features: \(features.joined(separator: ", "))")
if let checkout = try? injector.get(CheckoutService.self), let greeter = injector[(any Greeter).self] {
    print("CheckoutService (autoregistered) talks to \(checkout.client.baseURL.host ?? "?")")
    print("Greeter (Injection.lazySingleton): \(greeter.greet(appName))")
}
print()
print("Dependency graph (Mermaid):")
print(container.dependencyGraph().mermaid)
print()
print("Where each property came from:")
print(container.propertiesDescription)
print()
do {
    let _: Int = try container.requiredProperty("api.retries")
} catch {
    print("A missing property explains itself:")
    print("  \(error)")
}
