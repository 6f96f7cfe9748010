import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader
import Testing

/// `verify(.resolvingEach)` after `checkProperties()`, as a service's start-up runs them: a
/// singleton the property check built is not built again, since resolving it would only return
/// it; one that a reload made stale, or that was discarded, is built and checked again.
@Suite struct StartUpChecksKeptInstanceTests {
    final class Server {
        let port: Int
        init(port: Int) throws {
            guard port > 0 else { throw PortError(port: port) }
            self.port = port
        }
    }

    struct PortError: Error, CustomStringConvertible {
        let port: Int
        var description: String { "port \(port) is not a port" }
    }

    final class Builds: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    private static func write(_ json: String, to file: URL) throws {
        try Data(json.utf8).write(to: file)
    }

    /// A folder of its own holding `config.json` with `json`; the caller removes the folder.
    private static func configFile(_ json: String) throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.json")
        try write(json, to: file)
        return (directory, file)
    }

    @Test func aSingletonTheDryRunBuiltIsNotBuiltAgainUntilItIsStaleOrDiscarded() throws {
        let (directory, file) = try Self.configFile(#"{"server": {"port": 8080}}"#)
        defer { try? FileManager.default.removeItem(at: directory) }

        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        let builds = Builds()
        container.register(Server.self) { r in
            builds.add()
            return try Server(port: r.requiredProperty("server.port"))
        }
        .inObjectScope(.container)

        try container.checkProperties()
        #expect(builds.value == 1)
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 1)

        // A valid value the factory refuses: the reload makes the singleton stale, so verify
        // builds it again and reports the initializer's error.
        try Self.write(#"{"server": {"port": 0}}"#, to: file)
        try reloader.reload()
        let error = #expect(throws: VerificationError.self) { try container.verify(.resolvingEach) }
        #expect(error?.issues.map(\.code) == [.initializerThrew])
        #expect(error?.description.contains("port 0 is not a port") == true)
        #expect(builds.value == 2)

        try Self.write(#"{"server": {"port": 9090}}"#, to: file)
        try reloader.reload()
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 3)
        #expect(container.resolve(Server.self)?.port == 9090)
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 3)

        container.resetObjectScope(.container)
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 4)
    }

    @Test func aKeptSingletonOfAContainerWithoutPropertiesIsNotBuiltAgain() throws {
        let container = Container()
        let builds = Builds()
        container.register(Server.self) { _ in
            builds.add()
            return try Server(port: 80)
        }
        .inObjectScope(.container)
        let kept = container.resolve(Server.self)
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 1)
        #expect(container.resolve(Server.self) === kept)

        // A transient service is built by every verify: nothing keeps it.
        container.register(PortError.self) { _ in
            builds.add()
            return PortError(port: 1)
        }
        _ = try container.verify(.resolvingEach)
        _ = try container.verify(.resolvingEach)
        #expect(builds.value == 3)
    }

    @Test func verifyWhileAnotherThreadReloadsNeverPassesAStaleSingleton() throws {
        let (directory, file) = try Self.configFile(#"{"server": {"port": 8080}}"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        container.register(Server.self) { r in try Server(port: r.requiredProperty("server.port")) }
            .inObjectScope(.container)
        try container.checkProperties()

        // The reloading thread swaps valid ports; each verify on this thread either returns the
        // kept singleton or builds it from the properties of the moment, and always passes.
        let stop = Builds()
        let finished = DispatchSemaphore(value: 0)
        let reloading = Thread {
            defer { finished.signal() }
            var port = 8080
            while stop.value == 0 {
                port = port == 8080 ? 9090 : 8080
                try? Self.write(#"{"server": {"port": \#(port)}}"#, to: file)
                _ = try? reloader.reload()
            }
        }
        reloading.start()
        defer {
            stop.add()
            finished.wait()
        }
        for _ in 0..<3_000 {
            _ = try container.verify(.resolvingEach)
            let port = try #require(container.resolve(Server.self)).port
            #expect(port == 8080 || port == 9090)
        }
    }
}
