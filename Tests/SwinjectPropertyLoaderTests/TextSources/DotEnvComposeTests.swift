import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// The cases of docker compose's own `.env` reader (compose-go, package `dotenv`: its parser and
/// interpolation tests and their fixture files), each as an input and the values compose reads
/// from it, through the public API.
@Suite struct DotEnvComposeTests {
    /// The values of `text` by name, the last assignment of a name winning, as compose's map.
    private func values(
        _ text: String, variables: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: String] {
        let loader = DotEnvPropertyLoader(string: text, name: ".env", options: .init(variables: variables))
        var result: [String: String] = [:]
        for property in try loader.loadBatch().properties {
            guard case .string(let value) = property.value else {
                Issue.record("\(property.key) is not text", sourceLocation: sourceLocation)
                continue
            }
            result[property.key] = value
        }
        return result
    }

    private func failure(_ text: String, variables: [String: String] = [:]) throws -> PropertyLoaderError {
        try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(string: text, name: ".env", options: .init(variables: variables)).loadBatch()
        }
    }

    static let lines: [(input: String, key: String, value: String)] = [
        ("FOO=bar", "FOO", "bar"),
        ("FOO =bar", "FOO", "bar"),
        ("FOO= bar", "FOO", "bar"),
        (#"FOO="bar""#, "FOO", "bar"),
        ("FOO='bar'", "FOO", "bar"),
        (#"FOO="escaped\"bar""#, "FOO", #"escaped"bar"#),
        (#"FOO="'d'""#, "FOO", "'d'"),
        ("OPTION_A: 1", "OPTION_A", "1"),
        ("OPTION_A: Foo=bar", "OPTION_A", "Foo=bar"),
        ("OPTION_A=1:B", "OPTION_A", "1:B"),
        ("export OPTION_A=2", "OPTION_A", "2"),
        (#"export OPTION_B='\n'"#, "OPTION_B", #"\n"#),
        ("export exportFoo=2", "exportFoo", "2"),
        ("exportFOO=2", "exportFOO", "2"),
        ("export_FOO =2", "export_FOO", "2"),
        ("export.FOO= 2", "export.FOO", "2"),
        ("export\tOPTION_A=2", "OPTION_A", "2"),
        ("  export OPTION_A=2", "OPTION_A", "2"),
        ("\texport OPTION_A=2", "OPTION_A", "2"),
        (#"FOO="bar\nbaz""#, "FOO", "bar\nbaz"),
        ("FOO.BAR=foobar", "FOO.BAR", "foobar"),
        ("FOO=foobar=", "FOO", "foobar="),
        ("FOO=bar ", "FOO", "bar"),
        ("FOO=bar # this is foo", "FOO", "bar"),
        (#"FOO="bar#baz" # comment"#, "FOO", "bar#baz"),
        ("FOO='bar#baz' # comment", "FOO", "bar#baz"),
        (#"FOO="bar#baz#bang" # comment"#, "FOO", "bar#baz#bang"),
        (#"FOO="ba#r""#, "FOO", "ba#r"),
        ("FOO='ba#r'", "FOO", "ba#r"),
        (#"FOO="bar\n\ b\az""#, "FOO", "bar\n\\ b\u{7}z"),
        (#"FOO="bar\\\n\ b\az""#, "FOO", "bar\\\n\\ b\u{7}z"),
        (#"FOO="bar\\r\ b\az""#, "FOO", "bar\\r\\ b\u{7}z"),
        (#"="value""#, "", "value"),
        (" KEY =value", "KEY", "value"),
        ("   KEY=value", "KEY", "value"),
        ("\tKEY=value", "KEY", "value"),
    ]

    @Test(arguments: lines)
    func parsesLine(_ line: (input: String, key: String, value: String)) throws {
        #expect(try values(line.input) == [line.key: line.value])
    }

    @Test func badlyFormattedLine() throws {
        let error = try failure("lol$wut")
        #expect(error.parseError?.code == .syntax)
        #expect(
            error.description
                == ".env:1:4: invalid character '$' in the name 'lol'; a name has letters, digits, '_', '.', '-', '[' and ']'"
        )
        let percent = try failure("%!(EXTRA string)=foo")
        #expect(
            percent.description == ".env:1:1: expected a name (letters, digits, '_', '.', '-', '[' or ']'), found '%'")
    }

    @Test func linesToIgnore() throws {
        for input in ["\n", "\r\n", "\t\t ", "# Comment", "\t # comment"] {
            #expect(try values(input).isEmpty, "\(input.debugDescription)")
        }
    }

    @Test func plainFixture() throws {
        let text =
            "OPTION_A=1\nOPTION_B=2\nOPTION_C= 3\nOPTION_D =4\nOPTION_E = 5\nOPTION_F =\nOPTION_G=\nOPTION_H=1 2\n"
        let expected = [
            "OPTION_A": "1", "OPTION_B": "2", "OPTION_C": "3", "OPTION_D": "4", "OPTION_E": "5", "OPTION_F": "",
            "OPTION_G": "", "OPTION_H": "1 2",
        ]
        #expect(try values(text) == expected)
        #expect(try values("\u{FEFF}" + text) == expected)
        #expect(try values("ONE=1\nTWO='2'\nTHREE = \"3\"") == ["ONE": "1", "TWO": "2", "THREE": "3"])
    }

    @Test func quotedFixture() throws {
        let text = #"""
            OPTION_A='1'
            OPTION_B='2'
            OPTION_C=''
            OPTION_D='\n'
            OPTION_E="1"
            OPTION_F="2"
            OPTION_G=""
            OPTION_H="\n"
            OPTION_I = "echo 'asd'"
            OPTION_J = 'first line
            second line
            third line
            and so on'
            OPTION_K='Let\'s go!'
            OPTION_Z = "last value"

            """#
        #expect(
            try values(text) == [
                "OPTION_A": "1", "OPTION_B": "2", "OPTION_C": "", "OPTION_D": #"\n"#, "OPTION_E": "1", "OPTION_F": "2",
                "OPTION_G": "", "OPTION_H": "\n", "OPTION_I": "echo 'asd'",
                "OPTION_J": "first line\nsecond line\nthird line\nand so on", "OPTION_K": "Let's go!",
                "OPTION_Z": "last value",
            ])
    }

    @Test func exportedEqualsUnquotedAndSpecialFixtures() throws {
        #expect(try values("export OPTION_A=2\nexport OPTION_B='\\n'\n") == ["OPTION_A": "2", "OPTION_B": #"\n"#])
        #expect(
            try values("export OPTION_A='postgres://localhost:5432/database?sslmode=disable'\n")
                == ["OPTION_A": "postgres://localhost:5432/database?sslmode=disable"])
        let unquoted = """
            OPTION_A=some unquoted phrase
            OPTION_B=first one with an unquoted phrase # and a comment
            OPTION_D=then another one with an unquoted phrase special è char
            OPTION_E="then another one quoted phrase"
            """
        #expect(
            try values(unquoted) == [
                "OPTION_A": "some unquoted phrase", "OPTION_B": "first one with an unquoted phrase",
                "OPTION_D": "then another one with an unquoted phrase special è char",
                "OPTION_E": "then another one quoted phrase",
            ])
        #expect(
            try values("VAR-WITH-DASHES=dashes\nVAR.WITH.DOTS=dots\nVAR_WITH_UNDERSCORES=underscores\n") == [
                "VAR-WITH-DASHES": "dashes", "VAR.WITH.DOTS": "dots", "VAR_WITH_UNDERSCORES": "underscores",
            ])
    }

    @Test func namesOfAnyScriptAndBrackets() throws {
        let text = "\na=b\na[1]=c\na.propertyKey=d\nárvíztűrő-TÜKÖRFÚRÓGÉP=ÁRVÍZTŰRŐ-tükörfúrógép\n"
        #expect(
            try values(text) == [
                "a": "b", "a[1]": "c", "a.propertyKey": "d", "árvíztűrő-TÜKÖRFÚRÓGÉP": "ÁRVÍZTŰRŐ-tükörfúrógép",
            ])
    }

    @Test func multilineValueKeepsItsLines() throws {
        let text = "TEST_URLS=\"stratum+tcp://stratum.antpool.com:3333\nstratum+tcp://stratum.antpool.com:443\""
        #expect(
            try values(text) == [
                "TEST_URLS": "stratum+tcp://stratum.antpool.com:3333\nstratum+tcp://stratum.antpool.com:443"
            ])
    }

    @Test func escapesOfDoubleQuotes() throws {
        #expect(try values(#"A="\a\b\f\v\t\r""#) == ["A": "\u{7}\u{8}\u{C}\u{B}\t\r"])
        #expect(try values(#"A="\0123\0101x""#) == ["A": "SAx"])
        // Not three octal digits, or more than a byte: the `0` is dropped, the rest kept.
        #expect(try values(#"A="\0 \012 \0777 \0128""#) == ["A": #"\ \12 \777 \128"#])
        #expect(try values(#"A="\x07 \u12e4 \U00101234 \ \c \'""#) == ["A": #"\x07 \u12e4 \U00101234 \ \c \'"#])
        #expect(try values(#"A="C:\Users\me""#) == ["A": #"C:\Users\me"#])
    }

    @Test func escapedQuotesInSingleQuotes() throws {
        #expect(try values(#"A='it\'s \n \\ $HOME'"#) == ["A": #"it's \n \\ $HOME"#])
        let unterminated = try failure(#"KEY='value\'"#)
        #expect(unterminated.parseError?.code == .unexpectedEnd)
        #expect(
            unterminated.description
                == #".env:1:5: unterminated single-quoted value of 'KEY': no closing "'" before the end of the file"#)
    }

    @Test func nameAloneOnItsLineReadsTheEnvironment() throws {
        let text = "foo=bar\nVAR_TO_BE_LOADED_FROM_OS_ENV\nbar=baz\n"
        let variables = ["VAR_TO_BE_LOADED_FROM_OS_ENV": "SOME_RANDOM_VALUE"]
        #expect(
            try values(text, variables: variables) == [
                "VAR_TO_BE_LOADED_FROM_OS_ENV": "SOME_RANDOM_VALUE", "foo": "bar", "bar": "baz",
            ])
        #expect(try values("VAR_TO_BE_LOADED_FROM_OS_ENV\n", variables: variables).count == 1)
        #expect(try values("FOO=bar\nVARIABLE_NOT_FOUND\nBAR=baz\n") == ["FOO": "bar", "BAR": "baz"])
        #expect(try values("VARIABLE_NOT_FOUND") == [:])
    }

    @Test func expanding() throws {
        #expect(try values("FOO=test\nBAR=$FOO") == ["FOO": "test", "BAR": "test"])
        #expect(try values("FOO=test\nBAR=${FOO}bar") == ["FOO": "test", "BAR": "testbar"])
        #expect(try values("BAR=$FOO") == ["BAR": ""])
        #expect(try values("FOO=test\nBAR=\"quote $FOO\"") == ["FOO": "test", "BAR": "quote test"])
        #expect(try values("BAR='quote $FOO'") == ["BAR": "quote $FOO"])
        #expect(try values(#"FOO="foo\$BAR""#) == ["FOO": "foo$BAR"])
        #expect(try values(#"FOO="foo\${BAR}""#) == ["FOO": "foo${BAR}"])
        #expect(try values("FOO=test\nBAR=\"foo\\${FOO} ${FOO}\"") == ["FOO": "test", "BAR": "foo${FOO} test"])
        #expect(try values("TEST=$ME", variables: ["ME": "YES"]) == ["TEST": "YES"])
    }

    @Test func substitutionsFixture() throws {
        let text = """
            OPTION_A=1
            OPTION_B=${OPTION_A}
            OPTION_C=$OPTION_B
            OPTION_D=${OPTION_A}${OPTION_B}
            OPTION_E=${OPTION_NOT_DEFINED}
            """
        #expect(
            try values(text) == ["OPTION_A": "1", "OPTION_B": "1", "OPTION_C": "1", "OPTION_D": "11", "OPTION_E": ""])
        // The environment wins over the file's earlier names; the file's own assignment stays.
        #expect(
            try values(text, variables: ["OPTION_A": "5"])
                == ["OPTION_A": "1", "OPTION_B": "5", "OPTION_C": "5", "OPTION_D": "55", "OPTION_E": ""])
        let defaults = """
            OPTION_A=${OPTION_A:-1}
            OPTION_B=${OPTION_A}
            OPTION_C=$OPTION_B
            OPTION_D=${OPTION_A}_${OPTION_B}
            OPTION_E=${OPTION_NOT_DEFINED}
            """
        #expect(
            try values(defaults)
                == ["OPTION_A": "1", "OPTION_B": "1", "OPTION_C": "1", "OPTION_D": "1_1", "OPTION_E": ""])
    }

    private static let expansionFile = "EMPTY_VAR=\nTEST_VAR=Test Value\n"

    @Test func expandIfEmptyOrUnsetAndIfUnset() throws {
        let cases = [
            ("${UNSET_VAR:-Default Value}", "Default Value"), ("${EMPTY_VAR:-Default Value}", "Default Value"),
            ("${TEST_VAR:-Default Value}", "Test Value"), ("${UNSET_VAR-Default Value}", "Default Value"),
            ("${EMPTY_VAR-Default Value}", ""), ("${TEST_VAR-Default Value}", "Test Value"),
            ("${TEST_VAR:?Default Value}", "Test Value"), ("${EMPTY_VAR?Test error}", ""),
            ("${TEST_VAR?Default Value}", "Test Value"), ("${TEST_VAR:+alt}", "alt"), ("${EMPTY_VAR:+alt}", ""),
            ("${UNSET_VAR:+alt}", ""), ("${EMPTY_VAR+alt}", "alt"), ("${UNSET_VAR+alt}", ""),
        ]
        for (template, expected) in cases {
            #expect(try values(Self.expansionFile + "RESULT=" + template)["RESULT"] == expected, "\(template)")
        }
    }

    @Test func errorIfEmptyOrUnsetAndIfUnset() throws {
        for template in ["${UNSET_VAR:?Test error}", "${EMPTY_VAR:?Test error}", "${UNSET_VAR?Test error}"] {
            let error = try failure(Self.expansionFile + "RESULT=" + template)
            #expect(error.code == .unresolvedPlaceholder, "\(template)")
            #expect(error.position == SourcePosition(line: 3, column: 8))
            #expect(!error.description.contains("Test error"))
        }
        let unset = try failure(Self.expansionFile + "RESULT=\"x ${UNSET_VAR?Test error}\"")
        #expect(
            unset.description
                == ".env:3:11: the value of 'RESULT' requires the variable 'UNSET_VAR', which is not set")
        let empty = try failure(Self.expansionFile + "RESULT=${EMPTY_VAR:?Test error}")
        #expect(
            empty.description == ".env:3:8: the value of 'RESULT' requires the variable 'EMPTY_VAR', which is empty")
    }
}
