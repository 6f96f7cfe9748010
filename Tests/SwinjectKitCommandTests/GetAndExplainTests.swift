import Foundation
import Testing

@Suite("swinjectkit get and explain")
struct GetAndExplainTests {
    @Test func getPrintsAStringAsIsAndOtherValuesAsJSON() throws {
        let host = try CommandRunner.run(["get", "database.host", "defaults.json", "app.toml"])
        #expect(host.status == 0)
        #expect(host.output == "db.internal\n")

        let port = try CommandRunner.run(["get", "database.port", "defaults.json", "app.toml"])
        #expect(port.output == "5433\n")

        let section = try CommandRunner.run(["get", "database", "defaults.json"])
        #expect(section.status == 0)
        #expect(section.output == "{\"host\": \"localhost\", \"port\": 5432, \"pool\": {\"size\": 5}}\n")
    }

    @Test func getOfAMissingKeyExitsWithOneNamingTheKey() throws {
        let result = try CommandRunner.run(["get", "database.passwrd", "defaults.json", "app.toml"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput == "no property \"database.passwrd\" in defaults.json, app.toml\n")
    }

    @Test func getSeesSetOnTop() throws {
        let result = try CommandRunner.run([
            "get", "service.timeout", "defaults.json", "app.toml", "--set", "service.timeout=45",
        ])
        #expect(result.status == 0)
        #expect(result.output == "45\n")
    }

    @Test func explainListsEverySourceInOrderAndWhichWon() throws {
        let result = try CommandRunner.run(
            ["explain", "database.port", "defaults.json", "app.toml", "--set", "database.port=6000"])
        #expect(result.status == 0)
        #expect(
            result.output == """
                database.port = "6000" (text) from --set

                Sources that set database.port, in the order they apply:
                  1.  defaults.json:4:17  5432    overridden
                  2.  app.toml:4:8        5433    overridden
                  3.  --set               "6000"  wins

                Why: --set is the last source that sets database.port, and a later source wins
                     (sources apply in order: files left to right, then --secrets, --env and --set).
                Merge: replace: a table set whole replaces what earlier sources set under its key (--merge deep merges leaf by leaf).

                """)
    }

    @Test func explainSaysWhichWholeTableDroppedAKey() throws {
        let result = try CommandRunner.run(["explain", "database.port", "defaults.json", "override.json"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("database.port is not set\n"))
        #expect(
            result.output.contains("1.  defaults.json:4:17  5432  dropped: override.json:2:17 set \"database\" whole"))
        #expect(result.errorOutput == "no property \"database.port\" in defaults.json, override.json\n")

        let deep = try CommandRunner.run([
            "explain", "database.port", "defaults.json", "override.json", "--merge", "deep",
        ])
        #expect(deep.status == 0)
        #expect(deep.output.hasPrefix("database.port = 5432 (integer) from defaults.json:4:17\n"))
        #expect(deep.output.contains("Why: defaults.json:4:17 is the only source that sets database.port."))
    }

    /// The JSON member `b"c` gives the key `a.b"c.d`: a quote inside a segment is text, so the
    /// key has three segments in the command as in the library.
    @Test func aKeyWithAQuoteInsideASegmentReadsAsTheLibraryReadsIt() throws {
        let get = try CommandRunner.run(["get", #"a.b"c.d"#, "quote.json"])
        #expect(get.status == 0)
        #expect(get.output == "1\n")

        let section = try CommandRunner.run(["get", "a", "quote.json"])
        #expect(section.output == #"{"b\"c": {"d": 1}, "b": {"c": {"d": 2}}}"# + "\n")

        let explain = try CommandRunner.run(["explain", #"a.b"c.d"#, "quote.json"])
        #expect(explain.status == 0)
        #expect(CommandRunner.rows(explain.output).contains(["1.", "quote.json:3:24", "1", "wins"]))

        let dropped = try CommandRunner.run(["explain", #"a.b"c.d"#, "quote.json", "quote-override.json"])
        #expect(dropped.status == 1)
        #expect(
            CommandRunner.rows(dropped.output).contains([
                "1.", "quote.json:3:24", "1", #"dropped: quote-override.json:2:10 set "a" whole"#,
            ]))
    }

    @Test func explainOfAKeyNoSourceSetsExitsWithOne() throws {
        let result = try CommandRunner.run(["explain", "cache.size", "defaults.json"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("cache.size is not set\n"))
        #expect(result.errorOutput.contains("\"cache.size\""))
    }
}
