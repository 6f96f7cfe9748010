import Foundation
import Swinject
import SwinjectKitTesting
import SwinjectPropertyLoader
import Synchronization
import Testing

/// `.properties` with runtime values on a plain `Container`, as the Testing article shows it,
/// while a second thread opens its own overrides on its own container and a third applies
/// loaders to a third: each resolving thread sees its own values in every round.
@Suite struct PropertyOverrideConcurrencyTests {
    final class Pool {
        let port: Int
        let hosts: [String]
        init(port: Int, hosts: [String]) {
            self.port = port
            self.hosts = hosts
        }
    }

    static func makeContainer() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"database": {"port": 5432, "hosts": ["db"]}}"#, name: "app.json"))
        container.register(Pool.self) { r in
            Pool(port: r.property("database.port") ?? -1, hosts: r.property("database.hosts") ?? [])
        }
        return container
    }

    /// Each round overrides with values computed in the round, resolves, and checks them; after
    /// the scope the loaded values are back.
    static func overrideRounds(on container: Container, offset: Int, rounds: Int) throws -> [String] {
        var mismatches: [String] = []
        for round in 0..<rounds {
            let port = offset + round
            let hosts = ["h\(round)", "h\(offset)"]
            let optionalPort: Int? = round.isMultiple(of: 3) ? nil : port
            try withOverrides(.properties(["database.port": optionalPort, "database.hosts": hosts])) {
                let pool = container.resolve(Pool.self)
                let expected = optionalPort ?? -1
                if pool?.port != expected || pool?.hosts != hosts {
                    mismatches.append(
                        "round \(round): \(String(describing: pool?.port)) \(String(describing: pool?.hosts))")
                }
            }
            if container.resolve(Pool.self)?.port != 5432 {
                mismatches.append("round \(round): the loaded value did not come back")
            }
        }
        return mismatches
    }

    @Test func overridesOnOneThreadNeverReachAnotherThreadsContainer() throws {
        let first = try Self.makeContainer()
        let rounds = 300
        let failures = Failures()
        let done = DispatchGroup()
        done.enter()
        Thread {
            defer { done.leave() }
            do {
                let container = try Self.makeContainer()
                failures.add(try Self.overrideRounds(on: container, offset: 100_000, rounds: rounds))
            } catch {
                failures.add(["second thread: \(error)"])
            }
        }.start()
        done.enter()
        Thread {
            defer { done.leave() }
            for round in 0..<rounds {
                let container = Container()
                do {
                    try container.applyPropertyLoader(
                        JsonPropertyLoader(string: #"{"database": {"port": \#(round)}}"#, name: "load.json"))
                } catch {
                    failures.add(["load \(round): \(error)"])
                }
                if container.property("database.port") != round { failures.add(["load \(round) read"]) }
            }
        }.start()
        let mine = try Self.overrideRounds(on: first, offset: 1, rounds: rounds)
        done.wait()
        #expect(mine.isEmpty, "\(mine.prefix(3))")
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    }
}

private final class Failures: Sendable {
    private let recorded = Mutex<[String]>([])

    func add(_ failures: [String]) {
        recorded.withLock { $0 += failures }
    }

    var all: [String] { recorded.withLock { $0 } }
}
