import Swinject
import SwinjectAutoregistration
import Testing

/// `register` with a throwing closure, through the public API only.
@Suite("Throwing factories")
struct ThrowingFactoryTests {
    struct MissingSetting: Error, CustomStringConvertible {
        let key: String
        var description: String { "setting \(key) is missing" }
    }

    final class Endpoint {
        let url: String
        init(url: String) { self.url = url }
    }

    final class Client {
        let endpoint: Endpoint
        init(endpoint: Endpoint) { self.endpoint = endpoint }
    }

    static func setting(_ key: String, in settings: [String: String]) throws -> String {
        guard let value = settings[key] else { throw MissingSetting(key: key) }
        return value
    }

    private func container(settings: [String: String]) -> Container {
        let container = Container()
        container.register(Endpoint.self) { _ in
            try Endpoint(url: Self.setting("endpoint.url", in: settings))
        }
        .inObjectScope(.container)
        container.autoregister(Client.self, initializer: Client.init)
        return container
    }

    @Test func aFactoryThatSucceedsResolvesAsAnyOther() throws {
        let container = container(settings: ["endpoint.url": "https://api.example"])
        #expect(try container.resolveOrThrow(Endpoint.self).url == "https://api.example")
        #expect(container.resolve(Client.self)?.endpoint.url == "https://api.example")
    }

    @Test func resolveOrThrowRethrowsWhatTheFactoryThrewWithTheService() throws {
        let container = container(settings: [:])
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Endpoint.self) }
        #expect(error.code == .initializerThrew)
        #expect(error.chain == ["Endpoint"])
        #expect((error.underlyingError as? MissingSetting)?.key == "endpoint.url")
        #expect(
            error.description.hasPrefix(
                "Cannot resolve Endpoint: the factory of Endpoint threw setting endpoint.url is missing."))
        #expect(!error.description.contains("initializer:"))
    }

    /// Variant: the failure reaches a service autoregistered on top, with the chain to it.
    @Test func anAutoregisteredDependentFailsWithTheChain() throws {
        let container = container(settings: [:])
        #expect(container.resolve(Client.self) == nil)
        let error = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(Client.self) }
        #expect(error.code == .initializerThrew)
        #expect(error.chain == ["Client", "Endpoint"])
        #expect(error.underlyingError is MissingSetting)
    }

    @Test func aFailedFactoryStoresNothingSoTheNextResolveRunsItAgain() throws {
        var settings: [String: String] = [:]
        let container = Container()
        nonisolated(unsafe) var runs = 0
        container.register(Endpoint.self) { _ in
            runs += 1
            return try Endpoint(url: Self.setting("endpoint.url", in: settings))
        }
        .inObjectScope(.container)
        #expect(container.resolve(Endpoint.self) == nil)
        settings["endpoint.url"] = "https://late.example"
        #expect(try container.resolveOrThrow(Endpoint.self).url == "https://late.example")
        #expect(runs == 2)
    }

    /// Variant: runtime arguments and names take the same path.
    @Test func factoriesWithArgumentsAndNamesReportTheirFailure() throws {
        let container = Container()
        container.register(Endpoint.self, name: "mirror") { (_, host: String, port: Int) in
            guard port > 0 else { throw MissingSetting(key: "mirror.port") }
            return Endpoint(url: "https://\(host):\(port)")
        }
        #expect(
            try container.resolveOrThrow(Endpoint.self, name: "mirror", arguments: "m", 8443).url == "https://m:8443")
        let error = try #require(throws: ResolutionError.self) {
            try container.resolveOrThrow(Endpoint.self, name: "mirror", arguments: "m", 0)
        }
        #expect(error.chain == ["Endpoint (name: \"mirror\")"])
        #expect((error.underlyingError as? MissingSetting)?.key == "mirror.port")
    }

    /// A closure without `try` still picks Swinject's own `register`.
    @Test func aClosureThatCannotThrowIsSwinjectsRegistration() {
        let container = Container()
        container.register(Endpoint.self) { _ in Endpoint(url: "plain") }
        #expect(container.resolve(Endpoint.self)?.url == "plain")
    }
}
