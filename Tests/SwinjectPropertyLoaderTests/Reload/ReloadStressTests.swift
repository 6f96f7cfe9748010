import Foundation
import Swinject
import SwinjectPropertyLoader
import Synchronization
import Testing

/// Eight threads resolve and read while another reloads three changing files. Every file
/// writes the same version next to values derived from it, so a reader that saw a mix of two
/// reloads finds versions or values that disagree. Run under the thread sanitizer too:
/// `swift test --sanitize=thread --filter Reload` (no suppressions).
@Suite struct ReloadStressTests {
    /// One consistent reading of the `app` section, as a factory builds it.
    final class Settings {
        let versions: [Int]
        let values: [Int]
        init(_ section: [String: Any]) {
            func int(_ key: String) -> Int {
                if let value = section[key] as? Int { return value }
                return (section[key] as? String).flatMap { Int($0) } ?? -1
            }
            versions = [int("json_version"), int("toml_version"), int("env_version")]
            values = [int("json_value"), int("toml_value"), int("env_value")]
        }

        /// Whether every file had the same version and each value matches it.
        var isConsistent: Bool {
            guard let version = versions.first, versions.allSatisfy({ $0 == version }) else { return false }
            return values == [version * 10 + 1, version * 10 + 2, version * 10 + 3]
        }
    }

    static let reloads = 100
    static let readers = 8

    private static func write(version: Int, to folder: URL) throws {
        try writeAtomically(
            #"{"app": {"json_version": \#(version), "json_value": \#(version * 10 + 1)}}"#,
            to: folder.appendingPathComponent("app.json"))
        try writeAtomically(
            "[app]\ntoml_version = \(version)\ntoml_value = \(version * 10 + 2)\n",
            to: folder.appendingPathComponent("app.toml"))
        try writeAtomically(
            "app.env_version=\(version)\napp.env_value=\(version * 10 + 3)\n",
            to: folder.appendingPathComponent("app.env"))
    }

    @Test func readersAlwaysSeeOneWholeSnapshotWhileFilesReload() throws {
        let folder = try makeTemporaryDirectory()
        try Self.write(version: 1, to: folder)
        let container = Container()
        let reloader = try PropertyReloader(
            container: container,
            loaders: [
                JsonPropertyLoader(url: folder.appendingPathComponent("app.json")),
                TomlPropertyLoader(url: folder.appendingPathComponent("app.toml")),
                DotEnvPropertyLoader(url: folder.appendingPathComponent("app.env")),
            ])
        container.register(Settings.self, name: "transient") { r in Settings(r.property("app") ?? [:]) }
        container.register(Settings.self, name: "singleton") { r in Settings(r.property("app") ?? [:]) }
            .inObjectScope(.container)
        // Swinject's synchronized resolver is safe to share between threads, though not `Sendable`.
        nonisolated(unsafe) let resolver = container.synchronize()

        let done = Atomic<Bool>(false)
        let failures = FailureLog()
        let readCount = Atomic<Int>(0)
        let finished = DispatchGroup()
        for reader in 0..<Self.readers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                var lastVersion = 0
                var rounds = 0
                // At least a few rounds each, then until the writer is done.
                while rounds < 20 || !done.load(ordering: .acquiring) {
                    rounds += 1
                    let section: [String: Any] = resolver.property("app") ?? [:]
                    let direct = Settings(section)
                    let built = resolver.resolve(Settings.self, name: rounds % 2 == 0 ? "transient" : "singleton")
                    for (label, settings) in [("property", direct), ("factory", built)] {
                        guard let settings, settings.isConsistent else {
                            let seen = settings.map { "\($0.versions) \($0.values)" } ?? "nil"
                            failures.append("reader \(reader) \(label): \(seen)")
                            return
                        }
                    }
                    if direct.versions[0] < lastVersion {
                        failures.append("reader \(reader) went back to \(direct.versions[0])")
                        return
                    }
                    lastVersion = direct.versions[0]
                }
                readCount.add(rounds, ordering: .relaxed)
            }
            thread.start()
        }
        var rejected: [String] = []
        for version in 2...(Self.reloads + 1) {
            try Self.write(version: version, to: folder)
            do { try reloader.reload() } catch { rejected.append("\(error)") }
        }
        done.store(true, ordering: .releasing)
        finished.wait()

        #expect(rejected.isEmpty)
        #expect(failures.messages.isEmpty)
        #expect(readCount.load(ordering: .relaxed) >= Self.readers * 20)
        #expect(reloader.version == Self.reloads + 1)
        #expect(container.property("app.json_version") == Self.reloads + 1)
    }
}

/// Failure messages from many threads, appended on a serial queue.
final class FailureLog: Sendable {
    private let queue = DispatchQueue(label: "ReloadStressTests.failures")
    nonisolated(unsafe) private var stored: [String] = []

    func append(_ message: String) {
        queue.sync { stored.append(message) }
    }

    var messages: [String] { queue.sync { stored } }
}
