import Foundation
import Testing

@Suite("swinjectkit explain: placeholders and relaxed environment names")
struct ExplainProvenanceTests {
    @Test func explainNamesTheSourceOfEveryPlaceholder() throws {
        let result = try CommandRunner.run(["explain", "database.url", "defaults.json", "urls.toml", "app.toml"])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "database.url = \"postgres://db.internal:5433/orders\" (string) from urls.toml:3:7\n"))
        let rows = CommandRunner.rows(result.output)
        // The layer gave the template; the merged value inserted the later layers' values.
        #expect(
            rows.contains(["1.", "urls.toml:3:7", "\"postgres://${database.host}:${database.port}/orders\"", "wins"]))
        #expect(rows.contains(["database.host", "from app.toml:3:8"]))
        #expect(rows.contains(["database.port", "from app.toml:4:8"]))
    }

    @Test func aPlaceholderMayNameAKeyALaterFileSets() throws {
        let result = try CommandRunner.run(["get", "database.url", "urls.toml", "defaults.json", "--merge", "deep"])
        #expect(result.status == 0)
        #expect(result.output == "postgres://localhost:5432/orders\n")
    }

    @Test func checkReportsAnUnresolvedPlaceholderBesideAMalformedFile() throws {
        let result = try CommandRunner.run(["check", "unresolved.toml", "broken.json", "defaults.json"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("broken.json:4:9: "))
        #expect(lines[1].hasPrefix("unresolved.toml:2:12: placeholder ${user.name} in property \"greeting\""))
        #expect(lines[2] == "2 problems in 3 sources")
    }

    @Test func jsonListsReferencesAndADefaultAsNull() throws {
        let result = try CommandRunner.run(["show", "--json", "defaults.json", "urls.toml"])
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let properties = try #require(document["properties"] as? [[String: Any]])
        let dsn = try #require(properties.first { $0["key"] as? String == "database.dsn" })
        let references = try #require(dsn["references"] as? [[String: Any]])
        // `dsn` is secret (it inserts a password): the name of a reference whose default was
        // used is text from inside the secret value, so it is masked; a set key keeps its name.
        #expect(references.map { $0["key"] as? String } == ["***", "database.host"])
        #expect(references[0]["source"] is NSNull)
        let hostSource = try #require(references[1]["source"] as? [String: Any])
        #expect(hostSource["name"] as? String == "defaults.json")
        #expect(hostSource["line"] as? Int == 3)
    }

    @Test func aValueThatInsertsASecretIsMasked() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "urls.toml", "--secrets", "secrets"])
        #expect(result.status == 0)
        #expect(CommandRunner.rows(result.output).contains(["database.dsn", "***", "string", "urls.toml:4:7"]))
        #expect(!result.output.contains("hunter2"))
    }

    @Test func anEnvironmentVariableMatchedToAnEarlierSpellingWins() throws {
        let result = try CommandRunner.run(
            ["explain", "database.poolSize", "camel.json", "--env", "APP_"],
            environment: ["APP_DATABASE_POOL_SIZE": "9"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["1.", "camel.json:2:31", "5", "overridden"]))
        #expect(rows.contains(["2.", "environment variable APP_DATABASE_POOL_SIZE", "\"9\"", "wins"]))
    }
}
