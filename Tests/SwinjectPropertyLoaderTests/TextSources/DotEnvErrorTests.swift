import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Every `.env` error: its code, its exact text with line:column, and that nothing is applied.
@Suite struct DotEnvErrorTests {
    private func failure(
        _ text: String, limits: ParseLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PropertyLoaderError {
        let container = Container()
        let loader = DotEnvPropertyLoader(string: text, name: ".env", options: .init(limits: limits))
        let error = try #require(throws: PropertyLoaderError.self, sourceLocation: sourceLocation) {
            try container.applyPropertyLoader(loader)
        }
        #expect(container.propertyKeys.isEmpty, sourceLocation: sourceLocation)
        return error
    }

    @Test func unterminatedQuotesPointAtTheOpeningQuote() throws {
        let double = try failure("A=1\nB = \"open\nmore\n")
        #expect(double.code == .malformedContent)
        #expect(double.parseError?.code == .unexpectedEnd)
        #expect(
            double.description
                == #".env:2:5: unterminated double-quoted value of 'B': no closing '"' before the end of the file"#)
        let single = try failure("X=1\n  A = 'never closed\n")
        #expect(
            single.description
                == #".env:2:7: unterminated single-quoted value of 'A': no closing "'" before the end of the file"#)
        let escapedQuote = try failure(#"A="ends with \""#)
        #expect(escapedQuote.description.hasPrefix(".env:1:3: unterminated double-quoted value of 'A'"))
        let backslashAtEnd = try failure(#"A="\"#)
        #expect(backslashAtEnd.description.hasPrefix(".env:1:3: unterminated double-quoted value of 'A'"))
    }

    @Test func invalidNames() throws {
        let character = try failure("GOOD=1\nMY$KEY=2\n")
        #expect(character.parseError?.code == .syntax)
        #expect(
            character.description
                == ".env:2:3: invalid character '$' in the name 'MY'; a name has letters, digits, '_', '.', '-', '[' and ']'"
        )
        let start = try failure("  (x)=value\n")
        #expect(
            start.description == ".env:1:3: expected a name (letters, digits, '_', '.', '-', '[' or ']'), found '('")
        let control = try failure("A=1\nB\u{7}=2")
        #expect(control.description.hasPrefix(".env:2:2: invalid character U+0007 in the name 'B'"))
        let spaced = try failure("MY KEY=1\n")
        #expect(spaced.description == ".env:1:3: the name 'MY KEY' has a space; a name is one word")
        let comment = try failure("KEY # note\n")
        #expect(comment.description.hasPrefix(".env:1:5: invalid character '#' in the name 'KEY'"))
    }

    /// An error inside a value gives its line:column, never a character of the value.
    @Test func interpolationErrorsNameNoValue() throws {
        let password = try failure(#"DB_PASSWORD="pa55${qword""#)
        #expect(password.position == SourcePosition(line: 1, column: 18))
        #expect(!password.description.contains("pa55") && !password.description.contains("qword"))
        let required = try failure("TOKEN=${SECRET:?s3cr3t-hint}")
        #expect(required.code == .unresolvedPlaceholder)
        #expect(!required.description.contains("s3cr3t"))
    }

    @Test func invalidUTF8() throws {
        var bytes = Data("A=1\nB=é".utf8)
        bytes.append(0xFF)
        let error = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(data: bytes, name: "bad.env").loadBatch()
        }
        #expect(error.code == .malformedContent)
        #expect(error.parseError?.code == .invalidEncoding)
        #expect(error.description == "bad.env:2:4: invalid UTF-8: the byte here does not start a well-formed sequence")
        // A surrogate encoded in UTF-8 (ED A0 80) and a cut-off sequence.
        let surrogate = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(data: Data([0x41, 0x3D, 0xED, 0xA0, 0x80]), name: "s.env").loadBatch()
        }
        #expect(
            surrogate.description == "s.env:1:3: invalid UTF-8: the byte here does not start a well-formed sequence")
        let cut = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(data: Data([0x41, 0x3D, 0xE2, 0x82]), name: "c.env").loadBatch()
        }
        #expect(cut.description == "c.env:1:3: invalid UTF-8: the byte here does not start a well-formed sequence")
    }

    @Test func inputSizeLimit() throws {
        let text = "A=1234567\n"  // 10 bytes
        let error = try failure(text, limits: ParseLimits(maxInputBytes: 9))
        #expect(error.code == .malformedContent)
        #expect(error.description == ".env: input is 10 bytes, more than the limit of 9 bytes")
        _ = try DotEnvPropertyLoader(string: text, options: .init(limits: ParseLimits(maxInputBytes: 10))).loadBatch()
        // A file is refused before it is read.
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("big.env")
        try Data(text.utf8).write(to: url)
        let file = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(url: url, options: .init(limits: ParseLimits(maxInputBytes: 9))).loadBatch()
        }
        #expect(file.description == "\(url.path): file is 10 bytes, more than the limit of 9 bytes")
    }

    @Test func stringLengthLimit() throws {
        let limits = ParseLimits(maxStringBytes: 4)
        let value = try failure("A=1234\nLONG=12345\n", limits: limits)
        #expect(value.parseError?.code == .stringTooLong)
        #expect(value.description == ".env:2:6: the value of 'LONG' is longer than the limit of 4 bytes")
        let escaped = try failure(#"A="\n\n\n\n\n""#, limits: limits)
        #expect(escaped.description == ".env:1:3: the value of 'A' is longer than the limit of 4 bytes")
        let key = try failure("KEYS5=1\n", limits: limits)
        #expect(key.description == ".env:1:1: a name is longer than the limit of 4 bytes")
        let fits = Container()
        try fits.applyPropertyLoader(
            DotEnvPropertyLoader(string: "KEY4='1234'\nB=\"\\n\\n\\n\\n\"", options: .init(limits: limits)))
        #expect(fits.property("KEY4") == "1234")
    }

    @Test func keyCountLimit() throws {
        let limits = ParseLimits(maxKeys: 2)
        let error = try failure("A=1\n# comment\nB=2\n  C=3\n", limits: limits)
        #expect(error.parseError?.code == .tooManyKeys)
        #expect(error.description == ".env:4:3: more than the limit of 2 keys")
        let fits = Container()
        try fits.applyPropertyLoader(DotEnvPropertyLoader(string: "A=1\nB=2\n", options: .init(limits: limits)))
        #expect(fits.propertyKeys.count == 2)
    }

    /// A quadratic pass over lines, comments or quoted text would take minutes on these inputs.
    @Test func largeInputsParseInOnePass() throws {
        let lines = String(repeating: "KEY_NAME=value # comment\n", count: 200_000)
        let many = try DotEnvPropertyLoader(string: lines).loadBatch()
        #expect(many.operationCount == 200_000)
        let longLine = "A=" + String(repeating: "x ", count: 1_000_000) + "# end"
        let one = Container()
        try one.applyPropertyLoader(DotEnvPropertyLoader(string: longLine))
        #expect(one.property("A", as: String.self)?.utf8.count == 1_999_999)
        let multiline = "A=\"" + String(repeating: "line\\n\n", count: 300_000) + "\""
        let quoted = Container()
        try quoted.applyPropertyLoader(DotEnvPropertyLoader(string: multiline))
        #expect(quoted.property("A", as: String.self)?.utf8.count == 1_800_000)
    }

    /// A pass per `${`, per `{`, or per line over an interpolated value would take minutes here.
    @Test func largeInterpolationsTakeOnePass() throws {
        let options = DotEnvPropertyLoader.Options(variables: ["X": "x"])
        let many = "A=" + String(repeating: "${X:-a}${Y:-b}$X$$", count: 200_000)
        let manyBatch = try DotEnvPropertyLoader(string: many, options: options).loadBatch()
        #expect(manyBatch.properties.first?.value == .string(String(repeating: "xbx$", count: 200_000)))
        let braces = "A=\"" + String(repeating: "{", count: 1_000_000) + "${Y:-{}}\""
        let bracesBatch = try DotEnvPropertyLoader(string: braces, options: options).loadBatch()
        #expect(bracesBatch.properties.first?.value == .string(String(repeating: "{", count: 1_000_000) + "{}"))
        let lines = String(repeating: "K=${X:-0}1 # comment\n", count: 100_000)
        let linesBatch = try DotEnvPropertyLoader(string: lines, options: options).loadBatch()
        #expect(linesBatch.operationCount == 100_000)
        // Each line one byte longer than the last: the bytes inserted in all meet their limit.
        let growing = String(repeating: "K=${K:-0}1\n", count: 100_000)
        let error = try #require(throws: PropertyLoaderError.self) {
            try DotEnvPropertyLoader(string: growing, options: options).loadBatch()
        }
        #expect(error.parseError?.code == .inputTooLarge)
        let unclosed = "A=" + String(repeating: "${X:-{", count: 300) + String(repeating: "}", count: 300)
        #expect(throws: ParseError.nestingTooDeep) {
            do {
                _ = try DotEnvPropertyLoader(string: unclosed, options: options).loadBatch()
            } catch let error as PropertyLoaderError {
                throw try #require(error.parseError)
            }
        }
    }
}
