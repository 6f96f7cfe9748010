import Foundation
import Testing

/// Plants one marker secret in a `--secrets` directory and under secret-named keys, in clean and
/// broken documents, and searches the standard output and standard error of every subcommand
/// for the marker's bytes.
@Suite("swinjectkit never prints a planted secret")
struct SecretMarkerTests {
    static let marker = "MARKER-7f3a9c-SECRET"
    /// The part every planted value shares: no output may hold even a piece of a secret.
    static let core = "7f3a9c"

    /// The documents, by file name, and the secret directories, by folder and file name.
    static let files: [String: String] = [
        "app.json": #"{"db": {"host": "h", "password": "\#(marker)", "url": "pg://u:${db.password}@h"}}"#,
        "app.toml": "[db]\npassword = \"\(marker)-toml\"\nport = 5432\n",
        "app.env": "DB_PASSWORD=\(marker)-env\nAPI_TOKEN=\"\(marker)-quoted\"\n",
        "placeholder.json": #"{"db": {"password": "x${\#(marker)}y"}}"#,
        "placeholder.env": "DB_PASSWORD=\(marker)${MISSING:?\(marker)}\n",
        "escape.json": #"{"db": {"password": "\#(marker)\q"}}"#,
        "malformed.json": #"{"db": {"password": "\#(marker)", "host": }}"#,
        "unterminated.toml": "[db]\npassword = \"\(marker)\n",
        "unterminated.env": "DB_PASSWORD=\"\(marker)\n",
        "conflict.toml": "db.password = \"\(marker)\"\n[db.password]\nx = 1\n",
        "mismatch.toml": "[db]\npassword = \"\(marker)\"\n[db.password.inner]\n",
        "secrets/db.password": marker + "-mounted",
        "secrets/vault.value": marker + "-vault",
        "broken-secrets/db.password": "a${\(marker)}b",
    ]

    static func makeFiles() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let configurations: [[String]] = [
        ["app.json", "--secrets", "secrets"],
        ["app.json", "app.toml", "app.env", "--secrets", "secrets"],
        ["app.json", "placeholder.json", "--secrets", "secrets"],
        ["app.json", "--secrets", "broken-secrets"],
        ["app.json", "placeholder.env"],
        ["app.json", "escape.json", "--secrets", "secrets"],
        ["malformed.json", "--secrets", "secrets"],
        ["unterminated.toml", "unterminated.env", "app.json"],
        ["conflict.toml", "app.json"],
        ["mismatch.toml"],
        ["app.toml", "--set", "db.password.inner=1"],
        ["app.json", "--set", "db.url=${db.password}", "--merge", "deep", "--secrets", "secrets"],
    ]

    static let commands: [[String]] = [
        ["show"], ["show", "--json"], ["check"], ["get", "db.password"], ["get", "db"], ["get", "db.url"],
        ["get", "vault.value"], ["get", "DB_PASSWORD"], ["explain", "db.password"], ["explain", "db.url"],
        ["explain", "db"], ["explain", "vault.value"], ["explain", "API_TOKEN"],
    ]

    @Test(arguments: configurations)
    func noSubcommandPrintsTheMarker(_ configuration: [String]) throws {
        let root = try Self.makeFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        // Paths as the user typed them, relative to the folder the command runs in.
        let arguments = configuration.map { argument in
            Self.files.keys.contains(argument) || argument.hasSuffix("secrets")
                ? root.appendingPathComponent(argument).path : argument
        }
        for command in Self.commands {
            let result = try CommandRunner.run(command + arguments)
            #expect(!result.output.contains(Self.core), "\(command + configuration) printed: \(result.output)")
            #expect(
                !result.errorOutput.contains(Self.core), "\(command + configuration) printed: \(result.errorOutput)")
        }
    }

    /// The marker reaches the output when asked for, so the search above would find it.
    @Test func showSecretsPrintsTheMarker() throws {
        let root = try Self.makeFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.run([
            "show", root.appendingPathComponent("app.json").path, "--secrets",
            root.appendingPathComponent("secrets").path, "--show-secrets",
        ])
        #expect(result.status == 0)
        #expect(result.output.contains(Self.marker + "-mounted"))
        #expect(result.output.contains("pg://u:\(Self.marker)-mounted@h"))
    }
}
