import Swinject
import SwinjectAutoregistration
import Testing

/// The sample of the "Throwing factories" article, verbatim, and tests that run it (public API
/// only).
struct ThrowingFactoryDocSamples {
    final class Endpoint {
        let url: String
        init(url: String) { self.url = url }
    }

    final class Client {
        let endpoint: Endpoint
        init(endpoint: Endpoint) { self.endpoint = endpoint }
    }

    struct MissingSetting: Error {
        let key: String
    }

    func registerEndpoint(in container: Container, settings: [String: String]) {
        container.register(Endpoint.self) { _ in
            guard let url = settings["endpoint.url"] else { throw MissingSetting(key: "endpoint.url") }
            return Endpoint(url: url)
        }
        .inObjectScope(.container)
        container.autoregister(Client.self, initializer: Client.init)
    }
}

@Suite struct ThrowingFactoryDocSampleTests {
    @Test func theArticlesMessageIsWhatResolveOrThrowSays() throws {
        let container = Container()
        ThrowingFactoryDocSamples().registerEndpoint(in: container, settings: [:])
        #expect(container.resolve(ThrowingFactoryDocSamples.Client.self) == nil)
        let error = try #require(throws: ResolutionError.self) {
            try container.resolveOrThrow(ThrowingFactoryDocSamples.Client.self)
        }
        #expect(
            error.description == """
                Cannot resolve Client: the factory of Endpoint threw MissingSetting(key: "endpoint.url").
                  error type: MissingSetting
                  chain: Client → Endpoint
                """)
    }

    @Test func theSampleResolvesOnceTheSettingExists() throws {
        let container = Container()
        ThrowingFactoryDocSamples().registerEndpoint(in: container, settings: ["endpoint.url": "https://api"])
        #expect(try container.resolveOrThrow(ThrowingFactoryDocSamples.Client.self).endpoint.url == "https://api")
    }
}
