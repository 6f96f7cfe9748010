import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Interpolation and the other compose rules beyond compose's own cases, and the options that
/// change them, through the public API.
@Suite struct DotEnvInterpolationTests {
    private func values(_ text: String, options: DotEnvPropertyLoader.Options = .init(variables: [:])) throws
        -> [String: String]
    {
        var result: [String: String] = [:]
        for property in try DotEnvPropertyLoader(string: text, name: ".env", options: options).loadBatch().properties {
            if case .string(let value) = property.value { result[property.key] = value }
        }
        return result
    }

    private func failure(_ text: String, options: DotEnvPropertyLoader.Options = .init(variables: [:])) throws
        -> PropertyLoaderError
    {
        try #require(throws: PropertyLoaderError.self) {
            try Container().applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env", options: options))
        }
    }

    @Test func nestedDefaultsAndBraces() throws {
        #expect(try values("A=${X:-${Y:-deep}}")["A"] == "deep")
        #expect(try values("Y=set\nA=${X:-${Y:-deep}}")["A"] == "set")
        #expect(try values(#"A=${X:-{"a":1}}"#)["A"] == #"{"a":1}"#)
        // The byte after a `{` is no brace to the count, so `{}` finds no match: the last `}` closes.
        #expect(try values("A=${X:-{}}")["A"] == "{}")
        #expect(try values("A=${X:-a}b}")["A"] == "ab}")
        #expect(try values("B=b\nA=${X:-$B}${B:++}")["A"] == "b+")
    }

    /// Compose looks for `:-` (`:?`, `:+`) in the whole expression before `-` (`?`, `+`).
    @Test func colonOperatorsAreFoundFirst() throws {
        let file = "A=a\nB=b\n"
        #expect(try values(file + "R=${A-x:-y}")["R"] == "y")
        #expect(try values(file + "R=${A-${B:-x}}")["R"] == "x}")
        #expect(try values(file + "R=${A+x:+y}")["R"] == "")
        #expect(try values(file + "R=${A-x:+y}")["R"] == "a")
        #expect(try values(file + "R=${A:-x:-y}")["R"] == "a")
        #expect(try values(file + "R=${Z:-x:-y}")["R"] == "x:-y")
        #expect(try failure(file + "R=${A?x:?y}").code == .unresolvedPlaceholder)
    }

    @Test func dollarsThatDoNotInterpolate() throws {
        #expect(try values("A=$$HOME")["A"] == "$HOME")
        #expect(try values(#"A="a$$b""#)["A"] == "a$b")
        #expect(try values("A=$ 1 $1 5$ $-")["A"] == "$ 1 $1 5$ $-")
        #expect(try values(#"A=\$HOME"#, options: .init(variables: ["HOME": "/root"]))["A"] == #"\/root"#)
        // A name has ASCII letters, digits and `_`: a `.` ends it.
        #expect(try values("A=1\nB=$A.x")["B"] == "1.x")
        // An octal escape that makes a `$` interpolates, as compose reads it.
        #expect(try values("A=x\nB=\"\\0044A\"")["B"] == "x")
    }

    @Test func processEnvironmentByDefault() throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: "A=${PATH}\nPATH\n"))
        #expect(container.property("A") == path)
        #expect(container.property("PATH") == path)
    }

    @Test func interpolationOff() throws {
        let options = DotEnvPropertyLoader.Options(interpolates: false, variables: ["HOME": "/root"])
        #expect(
            try values("A=$HOME\nB=\"\\$x ${y} $$\"\nC=${database.host}", options: options)
                == ["A": "$HOME", "B": "$x ${y} $$", "C": "${database.host}"])
    }

    @Test func invalidInterpolations() throws {
        let spaced = try failure("A=1\nB=${B C}")
        #expect(spaced.code == .malformedContent)
        #expect(spaced.parseError?.code == .syntax)
        #expect(
            spaced.description
                == ".env:2:3: invalid interpolation in the value of 'B'; write ${NAME}, ${NAME:-default}, "
                + "${NAME-default}, ${NAME:?error}, ${NAME?error}, ${NAME:+other} or ${NAME+other}, and $$ for a '$'")
        #expect(try failure(#"A="x\t${}""#).position == SourcePosition(line: 1, column: 7))
        #expect(try failure("A=${B:x}").position == SourcePosition(line: 1, column: 3))
        #expect(try failure("A=${B:-x\n}").position == SourcePosition(line: 1, column: 3))
        #expect(try failure("A=x ${database.host}").position == SourcePosition(line: 1, column: 5))
        #expect(try failure("A=\"\\$x ${y z}\"").position == SourcePosition(line: 1, column: 8))
    }

    @Test func interpolationLimits() throws {
        let deep = try failure(
            "A=${X:-${Y:-${Z:-z}}}", options: .init(limits: ParseLimits(maxDepth: 2), variables: [:]))
        #expect(deep.parseError?.code == .nestingTooDeep)
        #expect(
            deep.description == ".env:1:13: interpolations in the value of 'A' are nested deeper than the limit of 2")
        let long = try failure(
            "A=12345\nB=$A$A", options: .init(limits: ParseLimits(maxStringBytes: 8), variables: [:]))
        #expect(long.parseError?.code == .stringTooLong)
        #expect(long.description == ".env:2:5: the value of 'B' is longer than the limit of 8 bytes")
        let inserted = try failure(
            "A=0123456789\nB=$A$A$A$A$A", options: .init(limits: ParseLimits(maxInputBytes: 40), variables: [:]))
        #expect(inserted.parseError?.code == .inputTooLarge)
        #expect(
            inserted.description == ".env:2:11: interpolation inserts more than the limit of 40 bytes into the file")
    }

    @Test func statementsAfterAClosingQuote() throws {
        #expect(try values(#"A="a" B=b"#) == ["A": "a", "B": "b"])
        #expect(try values("A='x'# c\nC=3") == ["A": "x", "C": "3"])
        #expect(try values(#"API_TOKEN="abc"Xyz-secret-tail"#) == ["API_TOKEN": "abc"])
    }

    @Test func lineEndsAndComments() throws {
        #expect(try values("A=\"a\r\nb\"\r\nB=2\r\n") == ["A": "a\r\nb", "B": "2"])
        #expect(try values("A=1\rB=2") == ["A": "1\rB=2"])
        #expect(
            try values("A=1\t# c\nB=1 # c\nC=1#c\nF= # c\nG=#c") == [
                "A": "1\t# c", "B": "1", "C": "1#c", "F": "# c", "G": "#c",
            ])
        #expect(try values("A=x\u{3000}\u{A0}\n") == ["A": "x"])
    }

    @Test func namesAsComposeReadsThem() throws {
        #expect(try values("export = 3\nexport=4\nexported=5\n") == ["": "3", "export": "4", "exported": "5"])
        #expect(try values("export\nA=1\nKEY: v\ndatabase..port=1\n") == ["A": "1", "KEY": "v", "database..port": "1"])
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: "=empty\n", options: .init(variables: [:])))
        #expect(container.property("") == "empty")
        let space = try failure("A=1\nMY KEY=1")
        #expect(space.parseError?.code == .syntax)
        #expect(space.description == ".env:2:3: the name 'MY KEY' has a space; a name is one word")
        let comment = try failure("KEY # note\n")
        #expect(
            comment.description
                == ".env:1:5: invalid character '#' in the name 'KEY'; a name has letters, digits, '_', '.', '-', '[' and ']'"
        )
        let export = try failure("A=1\nexport  ")
        #expect(export.description == ".env:2:9: expected a name after 'export'")
    }
}
