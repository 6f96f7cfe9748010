import Foundation
import PropertyFormats
import Testing

// The error convention every SwinjectKit error type follows, checked for `ParseError` through the
// public API only: kebab-case codes, `==` on codes alone, a static value per code for
// `#expect(throws:)`, and `~=` over `any Error` for `catch` clauses.

/// The sample of the Limits article (Sources/PropertyFormats/Documentation.docc/Limits.md),
/// verbatim: Scripts/check-doc-samples.py checks that it appears in a test file.
struct ParseErrorDocSamples {
    func nestingProblem(_ text: String) -> String? {
        do {
            _ = try JSONParser.parse(text, options: .init(limits: ParseLimits(maxDepth: 16)))
            return nil
        } catch ParseError.nestingTooDeep {
            return "nested deeper than 16 levels"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct ParseErrorConventionTests {
    /// Every code with its static error value and its spelling.
    static let codes: [(value: ParseError, code: ParseError.Code, spelling: String)] = [
        (.syntax, .syntax, "syntax"),
        (.invalidEncoding, .invalidEncoding, "invalid-encoding"),
        (.invalidCharacter, .invalidCharacter, "invalid-character"),
        (.invalidEscape, .invalidEscape, "invalid-escape"),
        (.invalidNumber, .invalidNumber, "invalid-number"),
        (.invalidDateTime, .invalidDateTime, "invalid-date-time"),
        (.duplicateKey, .duplicateKey, "duplicate-key"),
        (.redefinition, .redefinition, "redefinition"),
        (.nestingTooDeep, .nestingTooDeep, "nesting-too-deep"),
        (.inputTooLarge, .inputTooLarge, "input-too-large"),
        (.tooManyKeys, .tooManyKeys, "too-many-keys"),
        (.stringTooLong, .stringTooLong, "string-too-long"),
        (.tooManyValues, .tooManyValues, "too-many-values"),
        (.unexpectedEnd, .unexpectedEnd, "unexpected-end"),
    ]

    /// `localizedDescription` is the description, not Foundation's generic text.
    @Test func localizedDescriptionIsTheDescription() throws {
        let error = try #require(throws: ParseError.self) { try TOMLParser.parse("port = 1\nport = 2\n") }
        #expect(error.localizedDescription == error.description)
        #expect(error.localizedDescription.hasPrefix("2:1: "))
    }

    @Test func staticValueMatchesAThrownErrorWithExpectThrows() {
        #expect(throws: ParseError.duplicateKey) { try TOMLParser.parse("port = 1\nport = 2\n") }
        #expect(throws: ParseError.invalidNumber) { try TOMLParser.parse("port = 12abc\n") }
        #expect(throws: ParseError.nestingTooDeep) {
            try JSONParser.parse("[[[1]]]", options: .init(limits: ParseLimits(maxDepth: 2)))
        }
    }

    /// Variant: a `catch` clause over `any Error`, beside a clause for another code and for
    /// another error type, in the order the attempts throw.
    @Test func catchClauseMatchesTheCodeOverAnyError() {
        let attempts: [() throws -> Void] = [
            { _ = try TOMLParser.parse("port = 1\nport = 2\n") },
            { _ = try JSONParser.parse(#"{ "a": }"#) },
            { throw CancellationError() },
            { _ = try JSONParser.parse(#"{ "a": 1 }"#) },
        ]
        var caught: [String] = []
        for attempt in attempts {
            do {
                try attempt()
                caught.append("none")
            } catch ParseError.duplicateKey {
                caught.append("duplicate-key")
            } catch ParseError.syntax {
                caught.append("syntax")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["duplicate-key", "syntax", "other", "none"])

        // With typed throws the caught value is a `ParseError`, and the same clause still matches.
        do throws(ParseError) {
            _ = try TOMLParser.parse("port = 1\nport = 2\n")
            caught.append("none")
        } catch ParseError.duplicateKey {
            caught.append("typed duplicate-key")
        } catch {
            caught.append("typed other")
        }
        #expect(caught.last == "typed duplicate-key")
        #expect(
            ParseErrorDocSamples().nestingProblem(String(repeating: "[", count: 17)) == "nested deeper than 16 levels")
        #expect(ParseErrorDocSamples().nestingProblem("[1]") == nil)
    }

    @Test func errorsWithTheSameCodeAndDifferentTextAreEqual() {
        let first = ParseError(.syntax, "expected a value", at: SourcePosition(line: 1, column: 7))
        let second = ParseError(.syntax, "unexpected '}'", at: SourcePosition(line: 9, column: 2))
        #expect(first.description != second.description)
        #expect(first == second)
        #expect(first == ParseError.syntax)
    }

    @Test func errorsWithDifferentCodesAreNotEqual() {
        let position = SourcePosition(line: 1, column: 1)
        #expect(ParseError(.syntax, "same", at: position) != ParseError(.unexpectedEnd, "same", at: position))
        for (index, entry) in Self.codes.enumerated() {
            for other in Self.codes[(index + 1)...] {
                #expect(entry.value != other.value, "\(entry.code) and \(other.code)")
            }
        }
    }

    @Test func everyCodeHasAStaticValueAndAKebabCaseSpelling() {
        #expect(Set(Self.codes.map(\.code)).count == Self.codes.count)
        for entry in Self.codes {
            #expect(entry.value.code == entry.code)
            #expect(entry.code.description == entry.spelling)
            #expect(entry.code.rawValue == entry.spelling)
            #expect(isKebabCase(entry.code.description), "\(entry.code)")
        }
    }

    /// Lowercase ASCII words of letters and digits, each starting with a letter, joined by single
    /// hyphens.
    private func isKebabCase(_ spelling: String) -> Bool {
        let words = spelling.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
            return word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}
