import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `Container.propertySchema()` through the public API: what each read contributes.
@Suite struct PropertySchemaTests {
    enum Level: String {
        case debug, info
    }

    struct Pool: Decodable {
        let size: Int
    }

    final class Database {
        let host: String
        let port: Int
        let password: String
        let tags: [String]?
        let pool: Pool?
        let level: Level?

        init(host: String, port: Int, password: String, tags: [String]?, pool: Pool?, level: Level?) {
            self.host = host
            self.port = port
            self.password = password
            self.tags = tags
            self.pool = pool
            self.level = level
        }
    }

    final class Monitor {
        let port: String?
        init(port: String?) { self.port = port }
    }

    final class Label {
        let text: String
        init(text: String) { self.text = text }
    }

    static func makeContainer() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"host": "db", "port": 5432, "password": "hunter2"}}"#, name: "app.json"))
        container.register(Database.self) { r in
            Database(
                host: r.property("database.host", .orFatalError),
                port: r.property("database.port", default: 5432),
                password: r.property("database.password", .orFatalError),
                tags: r.property("database.tags"),
                pool: r.property("database.pool"),
                level: r.property("log.level"))
        }
        return container
    }

    static func entry(_ schema: PropertySchema, _ key: String) throws -> PropertySchema.Property {
        try #require(schema.properties.first { $0.key == key }, "no entry for \(key) in \(schema)")
    }

    @Test func eachReadGivesItsTypeRequirementSecrecyAndReader() throws {
        let container = try Self.makeContainer()
        try container.checkProperties()
        let schema = container.propertySchema()

        #expect(
            schema.properties.map(\.key) == [
                "database.host", "database.password", "database.pool", "database.port", "database.tags", "log.level",
            ])
        let host = try Self.entry(schema, "database.host")
        #expect(host.type == "string")
        #expect(host.swiftType == "Swift.String")
        #expect(host.isRequired)
        #expect(!host.isSecret)
        let reader = try #require(host.readers.first)
        #expect(reader.service == String(reflecting: Database.self))
        #expect(reader.site.fileID == "SwinjectPropertyLoaderTests/PropertySchemaTests.swift")
        #expect(reader.site.line > 0)

        let port = try Self.entry(schema, "database.port")
        #expect(port.type == "integer")
        #expect(!port.isRequired)
        #expect(try Self.entry(schema, "database.password").isSecret)
        #expect(try Self.entry(schema, "database.tags").type == "array<string>")
        #expect(try Self.entry(schema, "database.pool").type == "section")
        #expect(try Self.entry(schema, "log.level").type == "string")
    }

    @Test func aKeyReadAsTwoTypesHasOneEntryPerType() throws {
        let container = try Self.makeContainer()
        container.register(Monitor.self) { r in Monitor(port: r.property("database.port")) }
        // An integer read as a string is a mismatch the check reports; the schema has both reads.
        #expect(throws: PropertyCheckError.self) { try container.checkProperties() }
        let ports = container.propertySchema().properties.filter { $0.key == "database.port" }
        #expect(ports.map(\.type) == ["integer", "string"])
        #expect(ports.last?.readers.map(\.service) == [String(reflecting: Monitor.self)])
    }

    @Test func declaredPropertiesAreRequiredAndSecretKeysFollowTheContainer() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"limits": [1, 2]}"#))
        container.propertySecrets = PropertySecrets(keys: ["sentry.dsn"])
        container.declareProperty("limits", as: [UInt8].self)
        container.declareProperty("sentry.dsn", as: URL.self)
        container.declareProperty("ratios", as: [String: Double].self)
        try? container.checkProperties()
        let schema = container.propertySchema()
        let limits = try Self.entry(schema, "limits")
        #expect(limits.type == "array<uint8>")
        #expect(limits.isRequired)
        #expect(limits.readers.map(\.service) == [nil])
        #expect(limits.readers.first?.description.hasPrefix("a declaration at SwinjectPropertyLoaderTests/") == true)
        let dsn = try Self.entry(schema, "sentry.dsn")
        #expect(dsn.type == "url")
        #expect(dsn.isSecret)
        #expect(try Self.entry(schema, "ratios").type == "dictionary<double>")
    }

    @Test func jsonIsStableSortedAndVersioned() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"b": 1}"#))
        container.register(Label.self) { r in Label(text: r.property("b\"q", .orFatalError)) }
        container.declareProperty("a", as: Bool.self, fileID: "App/Main.swift", line: 7)
        try? container.checkProperties()
        let json = container.propertySchema().json
        let line = try #require(container.propertySchema().properties.last?.readers.first?.site.line)
        #expect(
            json == """
                {
                  "properties": [
                    {"key": "a", "readers": [{"file": "App/Main.swift", "line": 7, "service": null}], "required": true, "secret": false, "swiftType": "Swift.Bool", "type": "bool"},
                    {"key": "b\\"q", "readers": [{"file": "SwinjectPropertyLoaderTests/PropertySchemaTests.swift", "line": \(line), "service": "\(String(reflecting: Label.self))"}], "required": true, "secret": false, "swiftType": "Swift.String", "type": "string"}
                  ],
                  "version": 1
                }

                """)
        #expect(container.propertySchema().json == json)
        #expect(PropertySchema.formatVersion == 1)
        // Foundation reads it as plain JSON.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
    }

    @Test func descriptionListsEveryEntry() throws {
        let container = try Self.makeContainer()
        try container.checkProperties()
        let text = container.propertySchema().description
        #expect(text.hasPrefix("Property schema: 6 entries"))
        #expect(text.contains("database.password: string, required, secret, read by "))
        #expect(!text.contains("hunter2"))
    }

    @Test func anOptionalDecodingReadIsOptional() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"pool": {"size": 2}}"#))
        container.register(Monitor.self) { r in
            let pool = r.property("pool", as: Pool.self, keyDecodingStrategy: .convertFromSnakeCase)
            return Monitor(port: pool.map { String($0.size) })
        }
        try container.checkProperties()
        let pool = try Self.entry(container.propertySchema(), "pool")
        #expect(!pool.isRequired)
        #expect(pool.type == "section")
        #expect(pool.swiftType == String(reflecting: Pool.self))
    }
}

/// `propertySchema()` on one thread while the thread that resolves a plain container registers
/// and resolves services that read properties.
@Suite struct PropertySchemaConcurrencyTests {
    final class Reader {
        let port: Int?
        init(port: Int?) { self.port = port }
    }

    @Test func schemaWhileTheResolvingThreadRegistersAndResolves() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"host": "a", "port": 1}}"#))
        container.register(Reader.self) { r in Reader(port: r.property("database.port", .orFatalError)) }
        try container.checkProperties()
        nonisolated(unsafe) let shared = container
        let iterations = 200
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in 0..<iterations {
                if worker == 0 {
                    let name = "reader-\(index)"
                    shared.register(Reader.self, name: name) { r in Reader(port: r.property("database.timeout")) }
                    precondition(shared.resolve(Reader.self, name: name)?.port == nil)
                } else {
                    let schema = shared.propertySchema()
                    precondition(schema.properties.contains { $0.key == "database.port" && $0.isRequired })
                    _ = schema.json
                }
            }
        }
        let hosts = container.propertySchema().properties.filter { $0.key == "database.timeout" }
        #expect(hosts.map(\.type) == ["integer"])
        #expect(hosts.first?.readers.count == iterations)
        #expect(hosts.first?.isRequired == false)
    }
}
