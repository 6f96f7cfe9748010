import Foundation
import Testing

@Suite("swinjectkit check and usage errors")
struct CheckAndUsageTests {
    @Test func checkReportsEveryFilesProblemAtOnce() throws {
        let result = try CommandRunner.run(["check", "broken.json", "defaults.json", "broken.toml", "list.json"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("broken.json:4:9: "))
        #expect(lines[1].hasPrefix("broken.toml:3:11: "))
        #expect(lines[2].hasPrefix("list.json"))
        #expect(lines[3] == "3 problems in 4 sources")
        #expect(lines[4].isEmpty)
    }

    /// A file that gives one key a value and keys under it reads both, as upstream's flat keys
    /// did: `show` lists both, `get` prints either.
    @Test func aKeyWithAValueAndMembersReadsBoth() throws {
        let check = try CommandRunner.run(["check", "dotted-scalar.json"])
        #expect(check.status == 0)
        #expect(check.output == "ok: 1 source, 2 properties, no problems\n")
        let show = try CommandRunner.run(["show", "dotted-scalar.json"])
        #expect(show.status == 0)
        #expect(
            CommandRunner.rows(show.output) == [
                ["KEY", "VALUE", "TYPE", "SOURCE"],
                ["test", "\"scalar\"", "string", "dotted-scalar.json:1:10"],
                ["test.string", "\"dotted\"", "string", "dotted-scalar.json:1:35"],
            ])
        let value = try CommandRunner.run(["get", "test", "dotted-scalar.json"])
        #expect(value.status == 0)
        #expect(value.output == "scalar\n")
        let member = try CommandRunner.run(["get", "test.string", "dotted-scalar.json"])
        #expect(member.output == "dotted\n")
    }

    /// Two files, one with the member and one with the value, layer as the library layers them:
    /// whichever comes later, with either merge, both keys stay and `explain` drops neither.
    @Test(arguments: [["dotted-member.json", "scalar-value.json"], ["scalar-value.json", "dotted-member.json"]])
    func aValueAndAMemberFromTwoFilesReadBoth(files: [String]) throws {
        for merge in ["replace", "deep"] {
            let show = try CommandRunner.run(["show"] + files + ["--merge", merge])
            #expect(show.status == 0)
            #expect(
                CommandRunner.rows(show.output) == [
                    ["KEY", "VALUE", "TYPE", "SOURCE"],
                    ["test", "\"scalar\"", "string", "scalar-value.json:1:10"],
                    ["test.string", "\"dotted\"", "string", "dotted-member.json:1:17"],
                ])
            let value = try CommandRunner.run(["get", "test"] + files + ["--merge", merge])
            #expect(value.output == "scalar\n")
            let member = try CommandRunner.run(["get", "test.string"] + files + ["--merge", merge])
            #expect(member.output == "dotted\n")
            let check = try CommandRunner.run(["check"] + files + ["--merge", merge])
            #expect(check.output == "ok: 2 sources, 2 properties, no problems\n")
            let explain = try CommandRunner.run(["explain", "test.string"] + files + ["--merge", merge])
            #expect(explain.status == 0)
            #expect(!explain.output.contains("dropped"))
        }
        // `--set` and the environment set the value the same way.
        let set = try CommandRunner.run(["get", "test.string", "dotted-member.json", "--set", "test=7"])
        #expect(set.output == "dotted\n")
        let environment = try CommandRunner.run(
            ["show", "dotted-member.json", "--env", "APP_"], environment: ["APP_TEST": "7"])
        #expect(
            CommandRunner.rows(environment.output) == [
                ["KEY", "VALUE", "TYPE", "SOURCE"],
                ["test", "\"7\"", "text", "environment variable APP_TEST"],
                ["test.string", "\"dotted\"", "string", "dotted-member.json:1:17"],
            ])
    }

    /// A file that gives one full key two values is refused by every command, with both places,
    /// the same way the library refuses it.
    @Test func aKeySetTwiceIsAProblemEverywhere() throws {
        let message =
            #"same-key-twice.json:1:23: the key "a.b" would replace "a.b", which this source also sets (at 1:9)"#
        let check = try CommandRunner.run(["check", "same-key-twice.json"])
        #expect(check.status == 1)
        #expect(check.output.hasPrefix(message))
        for arguments in [["show", "same-key-twice.json"], ["get", "a", "same-key-twice.json"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 1)
            #expect(result.errorOutput.hasPrefix(message))
        }
    }

    @Test func checkOfCleanFilesExitsWithZeroAndOneSummaryLine() throws {
        let result = try CommandRunner.run(["check", "defaults.json", "app.toml", "--set", "region=eu-1"])
        #expect(result.status == 0)
        #expect(result.output == "ok: 3 sources, 7 properties, no problems\n")
    }

    @Test(arguments: [
        (["show"], "Name at least one configuration file."),
        (["show", "settings.conf"], "settings.conf: cannot tell the format from the extension \".conf\""),
        (["get", "port", "defaults.json", "--set", "=1"], "--set =1: expected key=value"),
        (["check", "defaults.json", "--merge", "sideways"], "--merge"),
        (["show", "defaults.json", "--format", "ini"], "--format"),
        (["explain"], "Missing expected argument '<key>'"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.contains(message))
    }

    #if !YAML
        @Test func yamlWithoutTheTraitSaysHowToEnableIt() throws {
            let result = try CommandRunner.run(["show", "service.yaml"])
            #expect(result.status == 2)
            #expect(result.errorOutput.contains("service.yaml: reading YAML needs the YAML package trait"))
            #expect(result.errorOutput.contains("--traits YAML"))
        }
    #endif
}
