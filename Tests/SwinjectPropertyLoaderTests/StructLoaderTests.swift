import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

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

private enum Mode: String { case fast, safe }
private enum Shape { case circle, square }

private class BaseSettings {
    let region = "eu"
    var retries = 3
}

private final class ServerSettings: BaseSettings {
    let host = "localhost"
    let port: Int? = nil
    let replica: String? = "r1"
    let mode = Mode.safe
    let shape = Shape.square
    lazy var expensive: String = "computed lazily"
    var computed: Int { 99 }
    let tags = ["a", "b"]
    let limits: [String: Int] = ["max": 10]
}

private final class Node {
    var next: Node?
}

@Suite struct StructLoaderTests {
    @Test func nestedStructsFlattenToDotKeys() throws {
        let container = Container()
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        #expect(container.property("api.baseURL") == "https://api.example.com")
        #expect(container.property("api.timeout") == 30)
        #expect(container.property("api.apiKey") == "secret123")
        let appName: String? = container.property("appName")
        let debugMode: Bool? = container.property("debugMode")
        #expect(appName == "MyApp")
        #expect(debugMode == false)
        #expect(container.propertySource(for: "api.timeout")?.name.hasPrefix("struct ") == true)
    }

    @Test func sectionReadsWhole() throws {
        struct API: Decodable, Equatable {
            let baseURL: String
            let timeout: Int
            let apiKey: String
        }
        let container = Container()
        try container.applyPropertyLoader(StructPropertyLoader(AppConfig()))
        let api: API? = container.property("api")
        #expect(api == API(baseURL: "https://api.example.com", timeout: 30, apiKey: "secret123"))
        let dictionary: [String: Any]? = container.property("api")
        #expect(dictionary?["timeout"] as? Int == 30)
    }

    @Test func classesIncludeSuperclassSkipNilAndLazyAndStoreRawValues() throws {
        let loader = StructPropertyLoader(ServerSettings())
        let keys = try loader.loadBatch().properties.map(\.key)
        #expect(keys == ["region", "retries", "host", "replica", "mode", "shape", "tags", "limits.max"])
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.property("region") == "eu")
        #expect(container.property("retries") == 3)
        #expect(container.property("replica") == "r1")
        #expect(container.property("mode") == "safe")
        #expect(container.property("mode") == Mode.safe)
        #expect(container.property("shape") == "square")
        #expect(container.property("tags") == ["a", "b"])
        let port: Int? = container.property("port")
        #expect(port == nil)
    }

    @Test func referenceCycleIsAnError() throws {
        let node = Node()
        node.next = node
        let error = try #require(throws: PropertyLoaderError.self) {
            try StructPropertyLoader(node).loadBatch().properties
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.description.contains("\"next\" refers back to an enclosing object"))
    }
}
