import Foundation
import Logging
import Swinject
import SwinjectPropertyLoader
import Testing

/// Puts secrets of every kind through every rendering a store has and greps each output for
/// the secrets' bytes.
@Suite struct SecretRenderingTests {
    /// Each secret value, by the way it is secret.
    static let secrets = [
        "hunter2",  // by the default name rule: database.password
        "dsn-7f3a",  // declared by a PropertyKey: sentry.dsn
        "vault-9c1e",  // from a source its loader marked secret: vault.value
        "cred-5b2d",  // by a container's own marker: upstream.credential
    ]

    private struct SecretLoader: PropertyBatchLoader {
        func loadBatch() throws -> PropertyBatch {
            var batch = PropertyBatch()
            let source = PropertySource(name: "/run/secrets", isSecret: true)
            batch.set("vault.value", to: .string("vault-9c1e"), source: source)
            return batch
        }
    }

    private struct Database: Decodable { let password: Int }
    private struct Vault: Decodable { let value: Int }
    private struct Upstream: Decodable { let credential: Int }

    private func makeContainer() throws -> (Container, RecordingLogHandler.Store) {
        let container = Container()
        container.propertySecrets = PropertySecrets(markers: PropertySecrets.defaultMarkers + ["credential"])
        _ = PropertyKey("sentry.dsn", secret: true)
        let recorder = RecordingLogHandler.Store()
        container.propertyLogger = Logger(label: "SwinjectKit") { _ in RecordingLogHandler(store: recorder) }
        try container.applyPropertyLoaders([
            JsonPropertyLoader(
                string: """
                    {"database": {"host": "db", "password": "hunter2"},
                     "sentry": {"dsn": "dsn-7f3a"},
                     "upstream": {"credential": "cred-5b2d"},
                     "urls": {"db": "postgres://app:${database.password}@db",
                              "sentry": "${sentry.dsn}", "vault": "v=${vault.value}",
                              "upstream": "${upstream.credential}"}}
                    """, name: "app.json"),
            SecretLoader(),
        ])
        return (container, recorder)
    }

    @Test func noRenderingShowsASecret() throws {
        let (container, recorder) = try makeContainer()
        let keys = [
            "database.password", "sentry.dsn", "vault.value", "upstream.credential", "urls.db", "urls.sentry",
            "urls.vault", "urls.upstream", "database", "urls", "vault",
        ]
        var outputs: [String: String] = ["propertiesDescription": container.propertiesDescription]
        for key in keys {
            outputs["record \(key)"] = container.propertyRecord(for: key)?.description
            if let record = container.propertyRecord(for: key) {
                outputs.merge(Self.renderings(of: record, named: "record \(key)")) { $1 }
            }
            outputs["source \(key)"] = container.propertySource(for: key)?.description
            do {
                let _: Int = try container.requiredProperty(key)
            } catch {
                outputs["required \(key)"] = "\(error)"
                outputs.merge(Self.renderings(of: error, named: "required \(key)")) { $1 }
            }
            let _: Int? = container.property(key)
            let _: Date? = container.property(key)
            container.declareProperty(PropertyKey(key), as: [Int].self)
        }
        for (section, type) in [("database", Database.self), ("vault", Vault.self), ("upstream", Upstream.self)]
            as [(String, any Decodable.Type)]
        {
            do {
                _ = try PropertyReadsProbe.decode(type, section, from: container)
            } catch {
                outputs["decodable \(section)"] = "\(error)"
                outputs.merge(Self.renderings(of: error, named: "decodable \(section)")) { $1 }
            }
        }
        do {
            try container.checkProperties()
        } catch {
            outputs["checkProperties"] = "\(error)"
            outputs.merge(Self.renderings(of: error, named: "checkProperties")) { $1 }
        }
        let batch = try SecretLoader().loadBatch()
        outputs.merge(Self.renderings(of: batch, named: "batch")) { $1 }
        for property in batch.properties {
            outputs.merge(Self.renderings(of: property, named: "loaded \(property.key)")) { $1 }
        }
        let named = LoadedProperty(key: "api.token", value: .string("dsn-7f3a"), source: PropertySource(name: "a"))
        outputs.merge(Self.renderings(of: named, named: "loaded api.token")) { $1 }
        outputs["readFailures"] = container.propertyReadFailures.map(\.description).joined(separator: "\n")
        outputs["log"] = recorder.messages.joined(separator: "\n")
        for (name, output) in outputs {
            for secret in Self.secrets {
                #expect(!output.contains(secret), "\(name) shows \(secret): \(output)")
            }
        }
        #expect(outputs["log"]?.contains("***") == true)
        #expect(outputs["decodable database"]?.contains("found string ***") == true)
        #expect(outputs["decodable vault"]?.contains("found string ***") == true)
        #expect(outputs["decodable upstream"]?.contains("found string ***") == true)
        #expect(outputs["checkProperties"]?.isEmpty == false)
        #expect(outputs["record urls.db"]?.hasPrefix("urls.db = *** (string) from app.json") == true)
        #expect(outputs["record database"]?.contains("password: ***") == true)
    }

    /// Every way Swift renders a value: `description`, `debugDescription`, `dump`, each `Mirror`
    /// child and, for an error, `localizedDescription`.
    static func renderings(of value: Any, named name: String) -> [String: String] {
        var result: [String: String] = [:]
        result["\(name) description"] = String(describing: value)
        result["\(name) debugDescription"] = String(reflecting: value)
        var dumped = ""
        dump(value, to: &dumped)
        result["\(name) dump"] = dumped
        result["\(name) mirror"] = Mirror(reflecting: value).children
            .map { "\($0.label ?? ""): \(String(reflecting: $0.value))" }.joined(separator: "\n")
        if let error = value as? any Error {
            result["\(name) localizedDescription"] = error.localizedDescription
        }
        return result
    }

    /// The errors of a file or of a placeholder that holds the marker, rendered every way.
    @Test func noErrorRenderingShowsTheMarker() throws {
        // Hexadecimal digits, so that a `0x…` scalar can hold it too.
        let marker = "c0ffee5ec7e7d00d"
        // A placeholder that does not resolve fails the read of its key and the start-up check.
        func unresolved(_ loader: any PropertyLoader, key: String, checking: Bool = false) throws {
            let container = Container()
            try container.applyPropertyLoader(loader)
            if checking { try container.checkProperties() }
            let _: String = try container.requiredProperty(key)
        }
        var failures: [(String, () throws -> Void)] = [
            (
                "placeholder",
                {
                    try unresolved(
                        JsonPropertyLoader(string: #"{"db": {"password": "Xy7${\#(marker)}abc"}}"#), key: "db.password")
                }
            ),
            (
                "placeholder check",
                {
                    try unresolved(
                        JsonPropertyLoader(string: #"{"db": {"password": "Xy7${\#(marker)}abc"}}"#), key: "db.password",
                        checking: true)
                }
            ),
            (
                "env placeholder",
                {
                    try Container().applyPropertyLoader(
                        JsonPropertyLoader(string: #"{"db": {"password": "Xy7${env:\#(marker)}abc"}}"#))
                }
            ),
            (
                "table placeholder",
                {
                    try unresolved(
                        JsonPropertyLoader(string: #"{"db": {"password": "${\#(marker)}"}, "\#(marker)": {"a": 1}}"#),
                        key: "db")
                }
            ),
            (
                "secret source placeholder",
                {
                    var batch = PropertyBatch()
                    batch.set(
                        "vault.value", to: .string("a${\(marker)}"),
                        source: PropertySource(name: "vault", isSecret: true))
                    try unresolved(StaticBatchLoader(batch: batch), key: "vault.value", checking: true)
                }
            ),
            (
                ".env interpolation",
                {
                    _ = try DotEnvPropertyLoader(string: "DB_PASSWORD=\"\(marker)${\(marker)\"").loadBatch()
                }
            ),
            (
                ".env required variable",
                {
                    let text = "API_TOKEN=\(marker)${MISSING_TOKEN:?\(marker)}"
                    _ = try DotEnvPropertyLoader(string: text, options: .init(variables: [:])).loadBatch()
                }
            ),
            (
                "type mismatch",
                {
                    let container = Container()
                    try container.applyPropertyLoader(
                        JsonPropertyLoader(string: #"{"api": {"token": "\#(marker)"}}"#))
                    let _: Int = try container.requiredProperty("api.token")
                }
            ),
        ]
        #if YAML
            for tag in ["!!int", "!!float", "!!bool", "!!null"] {
                failures.append(
                    ("yaml \(tag)", { _ = try YAMLPropertyLoader(string: "token: \(tag) \(marker)\n").loadBatch() }))
            }
            failures.append(
                (
                    "yaml hex",
                    {
                        _ = try YAMLPropertyLoader(string: "key: !!int 0x\(marker)\(marker)\n")
                            .loadBatch()
                    }
                ))
        #endif
        for (name, failure) in failures {
            do {
                try failure()
                Issue.record("\(name) did not fail")
            } catch {
                for (rendering, text) in Self.renderings(of: error, named: name) {
                    #expect(!text.contains(marker), "\(rendering) shows the marker: \(text)")
                }
            }
        }
    }

    @Test func dumpAndMirrorShowASecretAsTheMask() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"db": {"password": "hunter2-db-pass", "port": 5432}}"#, name: "app.json"))
        let record = try #require(container.propertyRecord(for: "db.password"))
        let error = try #require(throws: PropertyError.self) {
            let _: Int = try container.requiredProperty("db.password")
        }
        for value in [record, error] as [Any] {
            var dumped = ""
            dump(value, to: &dumped)
            #expect(!dumped.contains("hunter2-db-pass"), "\(dumped)")
            #expect(dumped.contains("***"), "\(dumped)")
        }
        let mirror = Mirror(reflecting: record)
        #expect(mirror.displayStyle == .struct)
        #expect(mirror.descendant("value") as? String == "***")
        #expect(Mirror(reflecting: error).descendant("storedValue") as? String == "***")
        let port = try #require(container.propertyRecord(for: "db.port"))
        #expect(Mirror(reflecting: port).descendant("value") as? String == "5432")
        #expect(Mirror(reflecting: port).descendant("key") as? String == "db.port")
    }

    /// A secret written without quotes is a syntax error that gives the position and what was
    /// expected, never even the first character of the value.
    @Test(arguments: [
        ("json", #"{"password": Qz9-secret}"#), ("json", #"{"password": "a" Qz9-secret}"#),
        ("toml", "password = Qz9-secret\n"), ("toml", "password Qz9-secret\n"),
    ])
    func anUnquotedSecretIsNotQuotedInTheSyntaxError(format: String, text: String) throws {
        let loader: any PropertyBatchLoader =
            format == "json"
            ? JsonPropertyLoader(string: text, name: "app.json")
            : TomlPropertyLoader(string: text, name: "app.toml")
        let error = try #require(throws: PropertyLoaderError.self) { try loader.loadBatch() }
        #expect(error.description.contains(":1:"), "\(error)")
        for (rendering, shown) in Self.renderings(of: error, named: format) {
            #expect(!shown.contains("'Q'") && !shown.contains("Qz9"), "\(rendering) shows the value: \(shown)")
        }
    }

    /// A placeholder inside a secret value whose default is used names text from the value:
    /// the record lists it as `***`; a reference to a key that is set keeps the key's name.
    @Test func aSecretRecordMasksTheNamesOfUnsetReferences() throws {
        let marker = "c0ffee5ec7e7d00d"
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"db": {"host": "h", "password": "${db.host}:${p\#(marker):-x}"}}"#, name: "app.json"))
        let record = try #require(container.propertyRecord(for: "db.password"))
        #expect(record.references.map(\.description) == ["db.host from app.json:1:17", "*** (default used)"])
        for (rendering, text) in Self.renderings(of: record, named: "record") {
            #expect(!text.contains(marker), "\(rendering) shows the marker: \(text)")
        }
        let open = try #require(container.propertyRecord(for: "db.host"))
        #expect(open.references.isEmpty)
    }

    @Test func callersSeeSecretsOnlyWhenTheyAsk() throws {
        let (container, _) = try makeContainer()
        let record = try #require(container.propertyRecord(for: "urls.db"))
        #expect(record.isSecret)
        #expect(record.description(revealingSecrets: true).contains("postgres://app:hunter2@db"))
        #expect(container.property("urls.db") == "postgres://app:hunter2@db")
        #expect(container.isSecretProperty("urls.vault"))
        #expect(!container.isSecretProperty("database.host"))
        do {
            let _: Int = try container.requiredProperty("database.password")
            Issue.record("expected a type mismatch")
        } catch {
            #expect(error.description(revealingSecrets: true).contains("hunter2"))
            #expect(error.isSecret)
        }
    }

    @Test func customMarkersReplaceTheDefaultOnesAndChildrenInherit() throws {
        let container = Container()
        container.propertySecrets = PropertySecrets(markers: ["pin"], keys: ["billing"])
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"api": {"token": "t-1", "pin": "4321"}, "billing": {"iban": "DE89"}}"#))
        let child = Container(parent: container)
        for target in [container, child] {
            let text = target.propertiesDescription
            #expect(text.contains("api.token = \"t-1\""))
            #expect(!text.contains("4321"))
            #expect(!text.contains("DE89"))
        }
        #expect(PropertySecrets(markers: []).isSecret("password") == false)
        #expect(PropertySecrets.default.isSecret("tokens.0"))
        #expect(PropertySecrets.default.isSecret("api.apiKey"))
    }
}

/// A loader that returns a batch made beforehand.
private struct StaticBatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch
    func loadBatch() throws -> PropertyBatch { batch }
}

/// Decodable reads through the public API with a type known only at run time.
enum PropertyReadsProbe {
    static func decode(_ type: any Decodable.Type, _ key: String, from container: Container) throws -> Any {
        func open<T: Decodable>(_: T.Type) throws -> Any {
            let value: T = try container.requiredProperty(key)
            return value
        }
        return try open(type)
    }
}
