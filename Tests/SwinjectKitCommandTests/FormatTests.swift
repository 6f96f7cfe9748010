import Foundation
import Testing

@Suite("swinjectkit formats")
struct FormatTests {
    @Test func dotEnvFilesApplyAsTextWithPositions() throws {
        let result = try CommandRunner.run(["show", "defaults.json", "local.env", "--show-secrets"])
        #expect(result.status == 0)
        let rows = CommandRunner.rows(result.output)
        #expect(rows.contains(["database.host", "\"localhost\"", "text", "local.env:2:22"]))
        #expect(rows.contains(["service.timeout", "\"5\"", "text", "local.env:3:17"]))
        #expect(rows.contains(["database.port", "5432", "integer", "defaults.json:4:17"]))
    }

    @Test func checkNamesTheLineAndColumnOfAMalformedDotEnvFile() throws {
        let result = try CommandRunner.run(["check", "broken.env", "local.env", "broken.json"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("broken.env:2:10: unterminated double-quoted value of 'greeting'"))
        #expect(lines[1].hasPrefix("broken.json:4:9: "))
        #expect(lines[2] == "2 problems in 3 sources")
    }

    @Test func formatDotEnvReadsAFileWithAnotherExtension() throws {
        let result = try CommandRunner.run(["get", "service.timeout", "--format", "env", "local.env"])
        #expect(result.status == 0)
        #expect(result.output == "5\n")
    }

    #if YAML
        @Test func yamlFilesMergeLikeOtherTables() throws {
            let result = try CommandRunner.run(["show", "defaults.json", "service.yaml", "--merge", "deep"])
            #expect(result.status == 0)
            let rows = CommandRunner.rows(result.output)
            #expect(rows.contains(["service.name", "\"orders\"", "string", "service.yaml:2:9"]))
            #expect(rows.contains(["service.replicas", "3", "integer", "service.yaml:3:13"]))
            #expect(rows.contains(["service.timeout", "30", "integer", "defaults.json:7:47"]))
        }
    #endif
}
