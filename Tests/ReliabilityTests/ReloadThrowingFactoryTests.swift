import Foundation
import Swinject
import SwinjectAutoregistration
import SwinjectPropertyLoader
import Synchronization
import Testing

/// A throwing factory that failed once stays tracked: a later reload rebuilds what it built.
@Suite struct ReloadThrowingFactoryTests {
    final class Database {
        let port: Int
        init(port: Int) { self.port = port }
    }

    struct Unavailable: Error {}

    /// The failed run read nothing (its dependency was down); the run that succeeds later reads
    /// `database.port`, which the next reload changes.
    @Test func aFactoryThatThrewOnceIsRebuiltByLaterReloads() throws {
        let file = try makeTemporaryDirectory().appendingPathComponent("app.json")
        func write(_ json: String) throws { try Data(json.utf8).write(to: file, options: .atomic) }
        try write(#"{"database": {"port": 1}}"#)
        let available = Atomic<Bool>(false)
        let container = Container()
        let reloader = try PropertyReloader(container: container, loaders: [JsonPropertyLoader(url: file)])
        container.register(Database.self) { r in
            guard available.load(ordering: .relaxed) else { throw Unavailable() }
            return try Database(port: r.requiredProperty("database.port"))
        }
        .inObjectScope(.container)
        #expect(container.resolve(Database.self) == nil)
        available.store(true, ordering: .relaxed)
        #expect(container.resolve(Database.self)?.port == 1)
        try write(#"{"database": {"port": 2}}"#)
        let event = try reloader.reload()
        #expect(event.discardedInstances.contains { $0.contains("Database") })
        #expect(container.resolve(Database.self)?.port == 2)
    }
}
