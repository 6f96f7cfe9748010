import Swinject
import SwinjectPropertyLoader
import Testing

/// The usage report through child containers, `synchronize()` and `Assembler`.
@Suite struct PropertyUsageLineageTests {
    final class Client {}
    final class Cache {}

    @Test func readsThroughASynchronizedResolverAndAChildContainerAreAttributed() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"client": {"url": "u"}, "cache.size": 3}"#))
        parent.register(Client.self) { r in
            _ = r.property("client.url") as String?
            return Client()
        }
        let child = Container(parent: parent)
        try child.applyPropertyLoaders([])
        child.register(Cache.self) { r in
            _ = r.property("cache.size") as Int?
            return Cache()
        }
        _ = parent.synchronize().resolve(Client.self)
        _ = child.resolve(Cache.self)

        let usage = child.propertyUsage
        #expect(usage.readers(of: "client.url").map(\.registration) == [.init(serviceType: Client.self)])
        #expect(usage.readers(of: "cache.size").map(\.registration) == [.init(serviceType: Cache.self)])
        #expect(usage.unreadKeys.isEmpty)
        // The parent's report includes the child's registrations, which read its properties.
        #expect(parent.propertyUsage.readers(of: "cache.size").map(\.registration) == [.init(serviceType: Cache.self)])
    }

    @Test func aSynchronizedViewReadBeforeAnyLoaderTracksTheLoadersRegistry() throws {
        let parent = Container()
        let view = parent.synchronize()
        // Remembered for the view: nothing along its lineage has properties or a registry yet.
        #expect(view.property("client.url") as String? == nil)
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"client": {"url": "u"}}"#))
        parent.register(Client.self) { r in
            _ = r.property("client.url") as String?
            return Client()
        }
        _ = view.resolve(Client.self)

        #expect(parent.propertyUsage.readers(of: "client.url").map(\.registration) == [.init(serviceType: Client.self)])
    }

    @Test func aViewOfAChildReadsTheChildsStoreOnceItHasOne() throws {
        let parent = Container()
        try parent.applyPropertyLoader(JsonPropertyLoader(string: #"{"name": "parent", "size": 1}"#))
        let child = Container(parent: parent)
        let view = child.synchronize()
        #expect(view.property("name") as String? == "parent")
        try child.applyPropertyLoader(JsonPropertyLoader(string: #"{"name": "child"}"#))
        #expect(view.property("name") as String? == "child")
        #expect(view.property("size") as Int? == 1)
    }

    struct ClientAssembly: Assembly {
        func assemble(container: Container) {
            container.register(Client.self) { r in
                _ = r.property("client.url") as String?
                return Client()
            }
        }
    }

    @Test func anAssemblersRegistrationsAreTracked() throws {
        let assembler = try Assembler(
            assemblies: [ClientAssembly()],
            propertyLoaders: [JsonPropertyLoader(string: #"{"client": {"url": "u", "timeout": 5}}"#)])
        _ = assembler.resolver.resolve(Client.self)
        let container = try #require(assembler.resolver as? Container)

        let usage = container.propertyUsage
        #expect(usage.readers(of: "client.url").map(\.registration) == [.init(serviceType: Client.self)])
        #expect(usage.unreadKeys.map(\.key) == ["client.timeout"])
    }

    @Test func checkPropertiesRunsEachFactorySoTheReportIsComplete() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"client": {"url": "u"}, "unused": 1}"#))
        container.register(Client.self) { r in
            _ = r.property("client.url", .orFatalError) as String
            return Client()
        }
        try container.checkProperties()
        let usage = container.propertyUsage
        #expect(usage.readers(of: "client.url").count == 1)
        #expect(usage.unreadKeys.map(\.key) == ["unused"])
    }
}
