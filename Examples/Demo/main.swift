import Foundation
import Swinject
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

let container = Container()
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
