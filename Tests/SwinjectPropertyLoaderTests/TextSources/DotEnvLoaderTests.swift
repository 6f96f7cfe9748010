import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// The `.env` rules, each through the public API.
@Suite struct DotEnvLoaderTests {
    private func load(_ text: String, name: String = ".env") throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: name))
        return container
    }

    private func failure(_ text: String, options: DotEnvPropertyLoader.Options = .init()) throws -> PropertyLoaderError
    {
        try #require(throws: PropertyLoaderError.self) {
            try Container().applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env", options: options))
        }
    }

    @Test func keysAreTheNamesAsWritten() throws {
        let container = try load("DATABASE_URL=postgres://db\ndatabase.port=5432\nlog-level=debug\n")
        #expect(container.property("DATABASE_URL") == "postgres://db")
        #expect(container.property("database.port") == "5432")
        #expect(container.property("log-level") == "debug")
        let database: [String: String]? = container.property("database")
        #expect(database == ["port": "5432"])
    }

    @Test func commentsFullLineAndInline() throws {
        let text = """
            # a comment
              # an indented comment
            A=1 # after a blank
            B=2\t# a tab does not start a comment
            C=3#not a comment
            D="4" # after a quoted value
            E='5'# straight after the quote
            F= # a comment needs a space before it
            G=#value
            """
        let container = try load(text)
        #expect(container.property("A") == "1")
        #expect(container.property("B") == "2\t# a tab does not start a comment")
        #expect(container.property("C") == "3#not a comment")
        #expect(container.property("D") == "4")
        #expect(container.property("E") == "5")
        #expect(container.property("F") == "# a comment needs a space before it")
        #expect(container.property("G") == "#value")
    }

    @Test func exportPrefix() throws {
        let container = try load("export A=1\nexport\tB = 2\nexport = 3\nexported=4\n")
        #expect(container.property("A") == "1")
        #expect(container.property("B") == "2")
        #expect(container.property("") == "3")
        #expect(container.property("exported") == "4")
    }

    @Test func singleQuotesAreLiteral() throws {
        let container = try load(#"A='pa$$word \n "quoted" # not a comment'"#)
        #expect(container.property("A") == #"pa$$word \n "quoted" # not a comment"#)
    }

    @Test func doubleQuotesTakeEscapes() throws {
        let container = try load(#"A="line\none\ttab \\ \"q\" \$HOME \r""#)
        #expect(container.property("A") == "line\none\ttab \\ \"q\" $HOME \r")
    }

    @Test func quotedValuesSpanLines() throws {
        let text = "KEY=\"-----BEGIN-----\nabc\n-----END-----\"\nNEXT='a\r\nb'\nLAST=1\n"
        let container = try load(text)
        #expect(container.property("KEY") == "-----BEGIN-----\nabc\n-----END-----")
        #expect(container.property("NEXT") == "a\r\nb")
        #expect(container.property("LAST") == "1")
        #expect(container.propertySource(for: "LAST")?.position == SourcePosition(line: 6, column: 6))
    }

    @Test func emptyValues() throws {
        let container = try load("A=\nB=''\nC=\"\"\nD=   \n")
        for key in ["A", "B", "C", "D"] {
            #expect(container.property(key, as: String.self) == "", "\(key)")
        }
    }

    @Test func whitespaceRules() throws {
        let text = "  A  =  spaced value  \nB=\t tab\t\r\n\n\r\nC = \"  kept  \"  \n"
        let container = try load(text)
        #expect(container.property("A") == "spaced value")
        #expect(container.property("B") == "tab")
        #expect(container.property("C") == "  kept  ")
        // A carriage return alone is not a line end: the assignment after it still counts.
        let lone = try load("\rA=1\n \r B=2\n")
        #expect(lone.property("A") == "1")
        #expect(lone.property("B") == "2")
    }

    @Test func unquotedValuesKeepBackslashesAndQuotes() throws {
        let container = try load(#"PATH=C:\Users\me "x" it's"#)
        #expect(container.property("PATH") == #"C:\Users\me "x" it's"#)
    }

    @Test func laterAssignmentWins() throws {
        let container = try load("A=1\nA=2\n")
        #expect(container.property("A") == "2")
        let record = try #require(container.propertyRecord(for: "A"))
        #expect(record.source.position == SourcePosition(line: 2, column: 3))
        #expect(record.overridden.map(\.position) == [SourcePosition(line: 1, column: 3)])
    }

    @Test func sourcesAreTextWithLineAndColumn() throws {
        let container = try load("\u{FEFF}# top\nA=1\n  export B='é'\nC=x\n", name: "/srv/app/.env")
        let source = try #require(container.propertySource(for: "B"))
        #expect(source.description == "/srv/app/.env:3:12")
        #expect(source.valuesAreText)
        #expect(!source.isSecret)
        #expect(container.propertySource(for: "A")?.description == "/srv/app/.env:2:3")
        #expect(container.propertySource(for: "C")?.description == "/srv/app/.env:4:3")
    }

    /// A value from a text source is `text` in the description, as the `swinjectkit` command says.
    @Test func propertiesDescriptionCallsTextValuesText() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"region": "eu"}"#, name: "app.json"))
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: "PORT=8080\n", name: ".env"))
        try container.applyPropertyLoader(EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_MODE": "dev"]))
        #expect(
            container.propertiesDescription == """
                PORT = "8080" (text) from .env:1:6
                mode = "dev" (text) from environment variable APP_MODE
                region = "eu" (string) from app.json:1:12
                """)
    }

    @Test func readsFilesAndBundleResources() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(".env")
        try Data("PORT=8080\n".utf8).write(to: url)
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(url: url))
        #expect(container.property("PORT") == "8080")
        #expect(container.propertySource(for: "PORT")?.description == "\(url.path):1:6")
        #expect(DotEnvPropertyLoader.fileExtension == "env")
        let missing = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(bundle: Fixtures.bundle, name: "absent").loadBatch()
        }
        #expect(missing.code == .missingResource)
        #expect(missing.message == "no resource \"absent.env\" in bundle \(Fixtures.bundle.bundlePath)")
        let fromData = Container()
        try fromData.applyPropertyLoader(DotEnvPropertyLoader(data: Data("A=b".utf8), name: "bytes.env"))
        #expect(fromData.propertySource(for: "A")?.description == "bytes.env:1:3")
    }
}
