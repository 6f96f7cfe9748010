import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// `swinjectkit check --schema`: the configuration read as the application's schema says.
@Suite("swinjectkit check --schema")
struct SchemaCheckTests {
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init)
    }

    @Test func wrongTypesAreReportedAtTheValueThatSetThem() throws {
        let result = try CommandRunner.run(["check", "--schema", "app-schema.json", "defaults.json", "bad.toml"])
        #expect(result.status == 1)
        #expect(
            Self.lines(result.output) == [
                "bad.toml:4:12: property \"database.password\" is an integer (***) from bad.toml:4:12, not convertible "
                    + "to Swift.String; read by App.Database at App/Setup.swift:14",
                "bad.toml:3:8: property \"database.port\" is a string (\"abc\") from bad.toml:3:8, not convertible "
                    + "to Swift.Int; read by App.Database at App/Setup.swift:13",
                "bad.toml:7:11: property \"service.timeout\" is a float (2.5) from bad.toml:7:11, not convertible "
                    + "to Swift.Int; read by App.Server at App/Server.swift:20",
                "3 problems in 2 sources",
            ])
    }

    @Test func aSecretValueIsNeverPrinted() throws {
        let result = try CommandRunner.run(["check", "--schema", "app-schema.json", "defaults.json", "bad.toml"])
        #expect(!result.output.contains("12345"))
        #expect(!result.errorOutput.contains("12345"))
        // Even with --show-secrets, which is for show, get and explain.
        let shown = try CommandRunner.run([
            "check", "--schema", "app-schema.json", "defaults.json", "bad.toml", "--show-secrets",
        ])
        #expect(!shown.output.contains("12345"))
    }

    @Test func aMissingRequiredKeyNamesTheKeyAndItsReader() throws {
        let result = try CommandRunner.run(["check", "--schema", "app-schema.json", "defaults.json"])
        #expect(result.status == 1)
        #expect(
            Self.lines(result.output) == [
                "app-schema.json:4:5: required property \"database.password\" (string) is not set by any source; "
                    + "read by App.Database at App/Setup.swift:14",
                "1 problem in 1 source",
            ])
    }

    @Test func aConfigurationTheApplicationCanReadPasses() throws {
        let result = try CommandRunner.run([
            "check", "--schema", "app-schema.json", "defaults.json", "app.toml", "--secrets", "secrets",
        ])
        #expect(result.status == 0)
        #expect(result.output == "ok: 3 sources, 8 properties, 6 schema entries, no problems\n")
    }

    @Test func textSourcesConvertAsTheApplicationReadsThem() throws {
        let arguments = [
            "check", "--schema", "app-schema.json", "defaults.json", "--secrets", "secrets", "--env", "APP_",
        ]
        let good = try CommandRunner.run(arguments, environment: ["APP_DATABASE_PORT": " 7777 "])
        #expect(good.status == 0)
        let bad = try CommandRunner.run(arguments, environment: ["APP_DATABASE_PORT": "77x7"])
        #expect(bad.status == 1)
        #expect(
            Self.lines(bad.output).first
                == "environment variable APP_DATABASE_PORT: property \"database.port\" is a string (\"77x7\") from "
                + "environment variable APP_DATABASE_PORT, not convertible to Swift.Int; read by App.Database at "
                + "App/Setup.swift:13")
    }

    @Test func aMalformedSchemaNamesTheFileAndPosition() throws {
        let broken = try CommandRunner.run(["check", "--schema", "broken-schema.json", "defaults.json"])
        #expect(broken.status == 1)
        #expect(Self.lines(broken.output).first?.hasPrefix("broken-schema.json:3:29: ") == true)
        let typo = try CommandRunner.run(["check", "--schema", "typo-schema.json", "defaults.json"])
        #expect(typo.status == 1)
        #expect(
            Self.lines(typo.output).first
                == "typo-schema.json:3:114: schema: \"integr\" of \"database.port\" is not a property type")
        let missing = try CommandRunner.run(["check", "--schema", "no-such-schema.json", "defaults.json"])
        #expect(missing.status == 1)
        #expect(Self.lines(missing.output).first == "no-such-schema.json: cannot read the schema: no such file")
    }

    @Test(arguments: [
        (#"[]"#, "1:1: schema: the schema must be an object, found array"),
        (#"{"version": 2, "properties": []}"#, "1:13: schema: \"version\" is 2; this reader knows version 1"),
        (#"{"version": 1}"#, "1:1: schema: missing member \"properties\""),
        (
            #"{"version": 1, "properties": [], "extra": 0}"#,
            "1:34: schema: unknown member \"extra\" in the schema (known: properties, version)"
        ),
        (
            #"{"version": 1, "properties": [{"key": "k", "readers": [], "required": "yes", "secret": false, "swiftType": "S", "type": "bool"}]}"#,
            "1:71: schema: \"required\" must be true or false, found string"
        ),
        (
            #"{"version": 1, "properties": [{"key": "k", "readers": [{"file": "f", "line": 1.5, "service": null}], "required": true, "secret": false, "swiftType": "S", "type": "bool"}]}"#,
            "1:78: schema: \"line\" must be an integer, found float"
        ),
    ])
    func eachMalformedSchemaIsOneProblem(schema: String, expected: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json")
        try Data(schema.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try CommandRunner.run(["check", "--schema", url.path, "defaults.json"])
        #expect(result.status == 1)
        #expect(Self.lines(result.output) == ["\(url.path):\(expected)", "1 problem in 1 source"])
    }

    @Test func aDeeplyNestedTypeIsAProblemNotACrash() throws {
        let spelling = String(repeating: "array<", count: 100_000) + "bool" + String(repeating: ">", count: 100_000)
        let schema =
            #"{"version": 1, "properties": [{"key": "k", "readers": [], "required": true, "secret": false, "#
            + #""swiftType": "S", "type": ""# + spelling + #""}]}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json")
        try Data(schema.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try CommandRunner.run(["check", "--schema", url.path, "defaults.json"])
        #expect(result.status == 1)
        let expected =
            "\(url.path):1:120: schema: \"\(String(repeating: "array<", count: 9))arr...\" of \"k\" is not a property type"
        #expect(Self.lines(result.output) == [expected, "1 problem in 1 source"])
    }

    /// The flow the article shows: the application writes its schema, CI checks files with it.
    @Test func aSchemaWrittenByTheApplicationChecksTheFiles() throws {
        final class Database {
            let port: Int
            init(port: Int) { self.port = port }
        }
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"database": {"port": 5432}}"#))
        container.register(Database.self) { r in Database(port: r.property("database.port", .orFatalError)) }
        try container.checkProperties()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString).json")
        try container.propertySchema().json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }

        let good = try CommandRunner.run(["check", "--schema", url.path, "defaults.json"])
        #expect(good.status == 0)
        let bad = try CommandRunner.run(["check", "--schema", url.path, "defaults.json", "bad.toml"])
        #expect(bad.status == 1)
        let line = Self.lines(bad.output).first ?? ""
        #expect(line.hasPrefix("bad.toml:3:8: property \"database.port\" is a string (\"abc\")"))
        #expect(line.contains("read by \(String(reflecting: Database.self)) at SwinjectKitCommandTests/"))
    }
}
