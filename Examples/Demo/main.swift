import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader

// The SwinjectKit demo: configuration in layers, as a server gets it (defaults, the deployment's
// file, a .env file, a mounted secret directory, then ORDERS_* environment variables), checked at
// start-up, then services that read it, built by Swinject and autoregistration.

struct DatabaseSettings: Decodable {
    let host: String
    let port: Int
    let name: String
}

final class APIClient {
    let baseURL: URL
    let timeout: Int

    init(baseURL: URL, timeout: Int) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
}

final class Database {
    let settings: DatabaseSettings
    let connectionURL: String

    init(settings: DatabaseSettings, connectionURL: String) {
        self.settings = settings
        self.connectionURL = connectionURL
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

let container = Container()
do {
    guard let secrets = Bundle.module.url(forResource: "Secrets", withExtension: nil) else {
        print("The demo's Secrets folder is missing from its bundle")
        exit(1)
    }
    // Later sources win; ${key} placeholders resolve once, after the last.
    try container.applyPropertyLoaders([
        JsonPropertyLoader(bundle: .module, name: "defaults"),
        TomlPropertyLoader(bundle: .module, name: "app"),
        DotEnvPropertyLoader(bundle: .module, name: "local"),
        DirectoryPropertyLoader(url: secrets, secret: true),
        EnvironmentPropertyLoader(prefix: "ORDERS_"),
    ])
} catch {
    print("Could not load configuration:\n\(error)")
    exit(1)
}

container.register(APIClient.self) { r in
    APIClient(baseURL: r.property("api.baseURL", .orFatalError), timeout: r.property("api.timeout", .orFatalError))
}
.inObjectScope(.container)
container.register(Database.self) { r in
    Database(settings: r.property("database", .orFatalError), connectionURL: r.property("database.url", .orFatalError))
}
.inObjectScope(.container)
container.autoregister(CheckoutService.self, initializer: CheckoutService.init(client:database:))

// The start-up check: every property the factories read, and every dependency, before any use.
do {
    try container.checkProperties()
    print(try container.verify(.resolvingEach))  // every service built once, closures included
} catch {
    print("Configuration problem:\n\(error)")
    exit(1)
}

let resolver = container.synchronize()
guard let checkout = resolver.resolve(CheckoutService.self) else {
    print("Could not resolve CheckoutService")
    exit(1)
}
let appName: String = container.property("appName", default: "?")
let features: [String] = container.property("features", default: [])
let database = checkout.database.settings

print("== \(appName) ==")
print("API: \(checkout.client.baseURL.absoluteString), timeout \(checkout.client.timeout) s")
print("Database: \(database.name) at \(database.host):\(database.port)")
print("Features (a .env list, read as [String]): \(features.joined(separator: ", "))")
print("Connection URL built from placeholders: \(checkout.database.connectionURL.count) characters, kept secret")
print()
print("Where each property came from (secrets masked; paths relative to the demo's bundle):")
let bundlePath = (Bundle.module.resourcePath ?? "") + "/"
print(container.propertiesDescription.replacingOccurrences(of: bundlePath, with: ""))
print()
print("Dependency graph (Mermaid):")
print(container.dependencyGraph().mermaid)
print()
do {
    let _: Int = try container.requiredProperty("api.retries")
} catch {
    print("A missing property explains itself:")
    print("  \(error)")
}
print()
print("Try: ORDERS_DATABASE_PORT=7000 swift run swinjectkit-demo")
