import Foundation
import Testing

@Suite("swinjectkit show")
struct ShowCommandTests {
    @Test func printsTheMergedTableWithSourcesLaterFilesWinning() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "app.toml"])
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(
            result.output == """
                KEY                 VALUE                   TYPE     SOURCE
                database.host       "db.internal"           string   app.toml:3:8
                database.pool.size  5                       integer  defaults.json:5:27
                database.port       5433                    integer  app.toml:4:8
                features            ["search", "checkout"]  array    defaults.json:8:17
                service.name        "orders"                string   defaults.json:7:26
                service.timeout     10                      integer  app.toml:7:11

                """)
    }

    @Test func setAppliesOnTopOfEveryFileAsText() throws {
        let result = try CommandRunner.run(
            ["show", "defaults.json", "app.toml", "--set", "database.port=6000", "--set", "region=eu-1"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["database.port", "\"6000\"", "text", "--set"]))
        #expect(rows.contains(["region", "\"eu-1\"", "text", "--set"]))
        #expect(rows.contains(["service.timeout", "10", "integer", "app.toml:7:11"]))
    }

    @Test func mergeReplaceDropsAWholeTableAndDeepKeepsItsSiblings() throws {
        let replaced = try CommandRunner.run(["show", "defaults.json", "override.json"])
        #expect(replaced.status == 0)
        #expect(
            CommandRunner.rows(replaced.output).prefix(3) == [
                ["KEY", "VALUE", "TYPE", "SOURCE"],
                ["database.host", "\"replica.internal\"", "string", "override.json:2:27"],
                ["features", "[\"search\", \"checkout\"]", "array", "defaults.json:8:17"],
            ])

        let deep = try CommandRunner.run(["show", "defaults.json", "override.json", "--merge", "deep"])
        #expect(deep.status == 0)
        let rows = CommandRunner.rows(deep.output)
        #expect(rows.contains(["database.host", "\"replica.internal\"", "string", "override.json:2:27"]))
        #expect(rows.contains(["database.port", "5432", "integer", "defaults.json:4:17"]))
        #expect(rows.contains(["database.pool.size", "5", "integer", "defaults.json:5:27"]))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let result = try CommandRunner.run([
            "show", "--json", "defaults.json", "app.toml", "--set", "service.name=billing",
        ])
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let properties = try #require(document["properties"] as? [[String: Any]])
        #expect(
            properties.map { $0["key"] as? String } == [
                "database.host", "database.pool.size", "database.port", "features", "service.name", "service.timeout",
            ])
        let port = try #require(properties.first { $0["key"] as? String == "database.port" })
        #expect(port["value"] as? Int == 5433)
        #expect(port["type"] as? String == "integer")
        #expect(port["secret"] as? Bool == false)
        #expect(port["text"] as? Bool == false)
        let source = try #require(port["source"] as? [String: Any])
        #expect(source["name"] as? String == "app.toml")
        #expect(source["line"] as? Int == 4)
        #expect(source["column"] as? Int == 8)
        let overridden = try #require(port["overridden"] as? [[String: Any]])
        #expect(overridden.map { $0["name"] as? String } == ["defaults.json"])
        #expect(overridden.first?["line"] as? Int == 4)

        let name = try #require(properties.first { $0["key"] as? String == "service.name" })
        #expect(name["value"] as? String == "billing")
        #expect(name["type"] as? String == "text")
        #expect(name["text"] as? Bool == true)
        let nameSource = try #require(name["source"] as? [String: Any])
        #expect(nameSource["name"] as? String == "--set")
        #expect(nameSource["line"] is NSNull)

        let features = try #require(properties.first { $0["key"] as? String == "features" })
        #expect(features["value"] as? [String] == ["search", "checkout"])
    }

    @Test func formatOverridesTheExtension() throws {
        let result = try CommandRunner.run(["show", "--format", "toml", "settings.conf"])
        #expect(result.status == 0)
        #expect(CommandRunner.rows(result.output).last == ["port", "8080", "integer", "settings.conf:1:8"])
    }

    @Test func aLoadErrorExitsWithOneAndNamesTheFileLineAndColumn() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "broken.json"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.hasPrefix("broken.json:4:9: "))
    }

    @Test func aMissingFileExitsWithOneAndNamesIt() throws {
        let result = try CommandRunner.run(["show", "absent.json"])
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("absent.json: "))
    }
}
