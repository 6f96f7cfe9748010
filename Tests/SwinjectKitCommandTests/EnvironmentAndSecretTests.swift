import Foundation
import Testing

@Suite("swinjectkit environment, directories and secrets")
struct EnvironmentAndSecretTests {
    @Test func envAppliesPrefixedVariablesOnTopOfTheFiles() throws {
        let result = try CommandRunner.run(
            ["show", "defaults.json", "app.toml", "--env", "APP_"],
            environment: ["APP_DATABASE_PORT": "6543", "APP_DATABASE_POOL_SIZE": "12", "OTHER_PORT": "1"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["database.port", "\"6543\"", "text", "environment variable APP_DATABASE_PORT"]))
        #expect(rows.contains(["database.pool.size", "\"12\"", "text", "environment variable APP_DATABASE_POOL_SIZE"]))
        #expect(!result.output.contains("OTHER_PORT"))
    }

    @Test func setWinsOverTheEnvironment() throws {
        let result = try CommandRunner.run(
            ["explain", "database.port", "defaults.json", "--env", "APP_", "--set", "database.port=7000"],
            environment: ["APP_DATABASE_PORT": "6543"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["1.", "defaults.json:4:17", "5432", "overridden"]))
        #expect(rows.contains(["2.", "environment variable APP_DATABASE_PORT", "\"6543\"", "overridden"]))
        #expect(rows.contains(["3.", "--set", "\"7000\"", "wins"]))
    }

    @Test func anEmptyEnvPrefixIsAUsageError() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "--env", ""])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--env needs a prefix"))
    }

    @Test func aDirectoryArgumentIsOneFilePerKey() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "configmap"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["service.name", "\"inventory\"", "text", "configmap/service.name"]))
        #expect(rows.contains(["database.pool.size", "\"8\"", "text", "configmap/database.pool.size"]))
    }

    @Test func secretsFromADirectoryAreMaskedUnlessAskedFor() throws {
        let masked = try CommandRunner.run(["show", "defaults.json", "--secrets", "secrets"])
        #expect(masked.status == 0)
        let rows = CommandRunner.rows(masked.output)
        #expect(rows.contains(["database.password", "***", "text", "secrets/database.password"]))
        #expect(!masked.output.contains("hunter2"))

        let shown = try CommandRunner.run(["show", "defaults.json", "--secrets", "secrets", "--show-secrets"])
        #expect(
            CommandRunner.rows(shown.output).contains([
                "database.password", "\"hunter2\"", "text", "secrets/database.password",
            ]))
    }

    @Test func aKeyNamedLikeASecretIsMaskedToo() throws {
        let result = try CommandRunner.run(["show", "local.env"])
        #expect(result.status == 0)
        #expect(CommandRunner.rows(result.output).contains(["API_TOKEN", "***", "text", "local.env:4:11"]))
        #expect(!result.output.contains("s3cr3t"))
    }

    /// A script reads what `get` prints, so a hidden secret fails instead of printing `***`.
    @Test func getOfASecretFailsAndSaysHowToShowIt() throws {
        let masked = try CommandRunner.run(["get", "database.password", "--secrets", "secrets", "defaults.json"])
        #expect(masked.status == 1)
        #expect(masked.output.isEmpty)
        #expect(masked.errorOutput == "swinjectkit: database.password is a secret; pass --show-secrets to print it\n")
        let section = try CommandRunner.run(["get", "auth", "defaults.json", "--set", "auth.token=tk-99"])
        #expect(section.status == 1)
        #expect(section.output.isEmpty)
        #expect(section.errorOutput.contains("auth holds the secret auth.token; pass --show-secrets to print it"))
        let plain = try CommandRunner.run(["get", "database.host", "--secrets", "secrets", "defaults.json"])
        #expect(plain.status == 0)

        let shown = try CommandRunner.run([
            "get", "database.password", "defaults.json", "--secrets", "secrets", "--show-secrets",
        ])
        #expect(shown.output == "hunter2\n")
        #expect(shown.errorOutput.isEmpty)
    }

    /// Every rendering of a configuration holding secrets, searched for the secrets' bytes.
    @Test func noRenderingShowsASecretWithoutShowSecrets() throws {
        let base = ["defaults.json", "local.env", "--secrets", "secrets", "--set", "auth.token=tk-99"]
        let runs: [[String]] = [
            ["show"] + base, ["show", "--json"] + base, ["check"] + base,
            ["get", "database.password"] + base, ["get", "API_TOKEN"] + base, ["get", "auth"] + base,
            ["explain", "database.password"] + base, ["explain", "api.key"] + base,
            ["explain", "auth.token"] + base, ["explain", "API_TOKEN"] + base,
        ]
        for arguments in runs {
            let result = try CommandRunner.run(arguments)
            for secret in ["hunter2", "orders-api-7f3a", "s3cr3t-token", "tk-99"] {
                #expect(!result.output.contains(secret), "\(arguments) printed \(secret)")
                #expect(!result.errorOutput.contains(secret), "\(arguments) printed \(secret)")
            }
        }
        let json = try CommandRunner.run(["show", "--json"] + base)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let properties = try #require(document["properties"] as? [[String: Any]])
        let password = try #require(properties.first { $0["key"] as? String == "database.password" })
        #expect(password["value"] as? String == "***")
        #expect(password["secret"] as? Bool == true)
    }
}
