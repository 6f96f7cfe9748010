import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// Plants one marker secret in a secret directory and under a secret-named key, breaks the
/// documents around it (a placeholder inside the secret, a type mismatch, a malformed file
/// beside it), and searches every rendering for the marker's bytes: reload events and their
/// log lines, every swift-log message with its metadata, and the errors of each broken load.
@Suite struct SecretMarkerRenderingTests {
    static let marker = "MARKER-7f3a9c-SECRET"
    /// The part every planted value shares: no rendering may hold even a piece of a secret.
    static let core = "7f3a9c"

    final class Vault {
        let pin: Int
        init(pin: Int) { self.pin = pin }
    }

    /// Fails for each output that holds the marker's core.
    static func expectNoMarker(in outputs: [String: String], sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, output) in outputs.sorted(by: { $0.key < $1.key }) {
            #expect(!output.contains(core), "\(name) shows the marker: \(output)", sourceLocation: sourceLocation)
        }
    }

    /// Every event rendered every way, each change on its own.
    static func renderings(of event: PropertyReloadEvent, named name: String) -> [String: String] {
        var outputs = SecretRenderingTests.renderings(of: event, named: name)
        for change in event.changes {
            outputs.merge(SecretRenderingTests.renderings(of: change, named: "\(name) \(change.key)")) { $1 }
        }
        if let error = event.error {
            outputs.merge(SecretRenderingTests.renderings(of: error, named: "\(name) error")) { $1 }
        }
        return outputs
    }

    @Test func reloadEventsAndTheirLogLinesNeverShowTheMarker() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let secrets = root.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        let app = root.appendingPathComponent("app.json")
        let pin = secrets.appendingPathComponent("vault.pin")
        let mounted = secrets.appendingPathComponent("api.credential")
        try writeAtomically(
            #"{"db": {"host": "a", "password": "\#(Self.marker)-1"}, "urls": {"db": "pg://u:${db.password}@a"}}"#,
            to: app)
        try writeAtomically("1234", to: pin)
        try writeAtomically(Self.marker + "-mounted", to: mounted)

        let container = Container()
        let log = MetadataRecordingLogHandler.Store()
        container.propertyLogger = Logger(label: "SwinjectKit") { _ in MetadataRecordingLogHandler(store: log) }
        let reloader = try PropertyReloader(
            container: container,
            loaders: [JsonPropertyLoader(url: app), DirectoryPropertyLoader(url: secrets, secret: true)],
            options: .init(reloadsOnHangup: false))
        container.register(Vault.self) { r in Vault(pin: r.property("vault.pin") ?? 0) }.inObjectScope(.container)
        #expect(container.resolve(Vault.self)?.pin == 1234)
        let events = reloader.events()

        var expectedEvents = 0
        var outputs: [String: String] = [:]
        func reload(_ step: String, rejected: Bool) {
            do {
                let event = try reloader.reload()
                #expect(!rejected, "\(step) was applied")
                outputs.merge(Self.renderings(of: event, named: "\(step) returned")) { $1 }
            } catch {
                #expect(rejected, "\(step) was rejected: \(error)")
                outputs.merge(SecretRenderingTests.renderings(of: error, named: "\(step) thrown")) { $1 }
            }
            expectedEvents += 1
        }

        // Secret values change: in the directory, by name, and through a placeholder.
        try writeAtomically(Self.marker + "-mounted-2", to: mounted)
        try writeAtomically(
            #"{"db": {"host": "b", "password": "\#(Self.marker)-2"}, "urls": {"db": "pg://u:${db.password}@b"}}"#,
            to: app)
        reload("changed secrets", rejected: false)
        // The secret holds a placeholder that names no property.
        try writeAtomically(#"{"db": {"password": "x${\#(Self.marker)}y"}}"#, to: app)
        reload("placeholder in the secret", rejected: true)
        try writeAtomically("a${\(Self.marker)}b", to: mounted)
        reload("placeholder in the mounted secret", rejected: true)
        try writeAtomically(Self.marker + "-mounted-3", to: mounted)
        // A key read as Int that would become the secret text.
        try writeAtomically(#"{"db": {"password": "\#(Self.marker)-3"}}"#, to: app)
        try writeAtomically(Self.marker + "-pin", to: pin)
        reload("type mismatch on the secret", rejected: true)
        try writeAtomically("1234", to: pin)
        // A malformed file beside the secret, and a malformed secret document.
        try writeAtomically(#"{"db": {"password": "\#(Self.marker)-4\q"}}"#, to: app)
        reload("bad escape in the secret", rejected: true)
        try writeAtomically(#"{"db": {"password": "\#(Self.marker)-5", "host": }}"#, to: app)
        reload("malformed file", rejected: true)
        try Data(Array((Self.marker + "-6").utf8) + [0xFF, 0xFE]).write(to: mounted)
        reload("invalid UTF-8 in the mounted secret", rejected: true)
        // The secret key is removed.
        try writeAtomically(#"{"db": {"host": "c"}}"#, to: app)
        try FileManager.default.removeItem(at: mounted)
        reload("secrets removed", rejected: false)

        var seen = 0
        for await event in events {
            seen += 1
            outputs.merge(Self.renderings(of: event, named: "event \(seen)")) { $1 }
            if seen == expectedEvents { break }
        }
        #expect(seen == expectedEvents)
        let _: Int? = container.property("db.password")
        _ = try? container.requiredProperty("vault.pin", as: Int.self)
        outputs["log"] = log.lines.joined(separator: "\n")
        Self.expectNoMarker(in: outputs)
        #expect(log.lines.contains { $0.contains("rejected, properties unchanged") })
        #expect(log.lines.contains { $0.contains("db.password = ***") })
        #expect(outputs["event 1 description"]?.contains("api.credential = *** (was ***)") == true)
    }

    /// The messages of loads that fail around a secret, and of reads that cannot convert one,
    /// with their metadata.
    @Test func logMessagesAndLoadErrorsNeverShowTheMarker() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try writeAtomically("x${\(Self.marker)}y", to: root.appendingPathComponent("db.password"))
        try writeAtomically(Self.marker, to: root.appendingPathComponent("api.value"))
        let documents: [(String, any PropertyLoader)] = [
            ("json", JsonPropertyLoader(string: #"{"db": {"password": "\#(Self.marker)"}}"#, name: "app.json")),
            ("toml", TomlPropertyLoader(string: "[db]\npassword = \"\(Self.marker)\"\n", name: "app.toml")),
            (".env", DotEnvPropertyLoader(string: "DB_PASSWORD=\(Self.marker)\n", name: "app.env")),
            ("unterminated .env", DotEnvPropertyLoader(string: "DB_PASSWORD=\"\(Self.marker)\n", name: "app.env")),
            ("toml conflict", TomlPropertyLoader(string: "db.password = \"\(Self.marker)\"\n[db.password]\n")),
            ("json placeholder", JsonPropertyLoader(string: #"{"db": {"password": "${\#(Self.marker)}"}}"#)),
            ("json escape", JsonPropertyLoader(string: #"{"db": {"password": "\#(Self.marker)\q"}}"#)),
            ("toml unterminated", TomlPropertyLoader(string: "db.password = \"\(Self.marker)\n")),
            // Text after a closing quote may be the rest of the value, which held a quote.
            (".env after a quote", DotEnvPropertyLoader(string: "DB_PASSWORD=\"ab\"\(Self.marker)$x\n")),
            (".env space after a quote", DotEnvPropertyLoader(string: "DB_PASSWORD='ab'\(Self.marker) x=1\n")),
            (".env value after a quote", DotEnvPropertyLoader(string: "DB_PASSWORD=\"ab\"\(Self.marker)=${{\n")),
        ]
        var outputs: [String: String] = [:]
        for (name, document) in documents {
            for secretDirectory in [false, true] {
                let container = Container()
                let log = MetadataRecordingLogHandler.Store()
                container.propertyLogger = Logger(label: "SwinjectKit") { _ in MetadataRecordingLogHandler(store: log) }
                var loaders: [any PropertyLoader] = [document]
                if secretDirectory { loaders.append(DirectoryPropertyLoader(url: root, secret: true)) }
                let label = "\(name)\(secretDirectory ? " + directory" : "")"
                do {
                    try container.applyPropertyLoaders(loaders)
                } catch {
                    outputs.merge(SecretRenderingTests.renderings(of: error, named: "\(label) load")) { $1 }
                }
                for key in ["db.password", "DB_PASSWORD", "api.value", "db"] {
                    let _: Int? = container.property(key)
                    let _: [Int]? = container.property(key)
                    container.declareProperty(PropertyKey(key), as: Int.self)
                }
                do {
                    try container.checkProperties()
                } catch {
                    outputs.merge(SecretRenderingTests.renderings(of: error, named: "\(label) check")) { $1 }
                }
                outputs["\(label) properties"] = container.propertiesDescription
                outputs["\(label) usage"] = container.propertyUsage.description
                outputs["\(label) log"] = log.lines.joined(separator: "\n")
            }
        }
        Self.expectNoMarker(in: outputs)
        #expect(outputs["json log"]?.contains("***") == true)
    }
}

/// A swift-log handler that keeps each message with its level and all of its metadata.
struct MetadataRecordingLogHandler: LogHandler {
    /// `@unchecked Sendable`: appends and reads are behind the lock.
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        store.append("\(event.level) \(event.message) [\(fields)] \(event.error.map { "\($0)" } ?? "")")
    }
}
