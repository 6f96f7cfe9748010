import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The error convention every SwinjectKit error type follows, checked for `PropertyLoaderError`,
// `PropertyError` and `PropertyCheckError` through the public API only: kebab-case codes, `==` on
// codes alone, a static value per code for `#expect(throws:)`, and `~=` over `any Error` for
// `catch` clauses.

/// The sample of the Provenance and errors article
/// (Sources/SwinjectPropertyLoader/Documentation.docc/ProvenanceAndErrors.md), verbatim:
/// Scripts/check-doc-samples.py checks that it appears in a test file.
struct PropertyErrorDocSamples {
    func loadOrExplain(_ loader: JsonPropertyLoader, into container: Container) -> String {
        do {
            try container.applyPropertyLoader(loader)
            let _: Int = try container.requiredProperty("server.port")
            return "ready"
        } catch PropertyLoaderError.malformedContent {
            return "fix the file"
        } catch PropertyError.missingKey {
            return "set server.port"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct PropertyErrorConventionTests {
    static let loaderCodes: [(value: PropertyLoaderError, code: PropertyLoaderError.Code, spelling: String)] = [
        (.missingResource, .missingResource, "missing-resource"),
        (.unreadableFile, .unreadableFile, "unreadable-file"),
        (.malformedContent, .malformedContent, "malformed-content"),
        (.invalidTopLevel, .invalidTopLevel, "invalid-top-level"),
        (.unsupportedValue, .unsupportedValue, "unsupported-value"),
        (.conflictingKeys, .conflictingKeys, "conflicting-keys"),
    ]
    static let propertyCodes: [(value: PropertyError, code: PropertyError.Code, spelling: String)] = [
        (.missingKey, .missingKey, "missing-key"),
        (.typeMismatch, .typeMismatch, "type-mismatch"),
        (.noPropertyStore, .noPropertyStore, "no-property-store"),
    ]
    static let checkCodes: [(value: PropertyCheckError, code: PropertyCheckError.Code, spelling: String)] = [
        (.unreadableProperties, .unreadableProperties, "unreadable-properties")
    ]

    private func container(_ json: String = #"{ "server": { "port": "eighty" } }"#) throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        return container
    }

    @Test func staticValuesMatchThrownErrorsWithExpectThrows() throws {
        let container = try container()
        #expect(throws: PropertyLoaderError.malformedContent) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "a": }"#, name: "bad.json"))
        }
        #expect(throws: PropertyLoaderError.invalidTopLevel) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: "[1, 2]", name: "list.json"))
        }
        #expect(throws: PropertyLoaderError.missingResource) {
            try container.applyPropertyLoader(JsonPropertyLoader(url: URL(fileURLWithPath: "/no/such/app.json")))
        }
        #expect(throws: PropertyError.typeMismatch) { _ = try container.requiredProperty("server.port", as: Int.self) }
        #expect(throws: PropertyError.missingKey) { _ = try container.requiredProperty("server.host", as: String.self) }
        let _: Int? = container.property("server.port")
        #expect(throws: PropertyCheckError.unreadableProperties) {
            try container.checkProperties(resolvingRegistrations: false)
        }
    }

    /// Variant: `catch` clauses over `any Error` for the three types, beside another error type,
    /// through the article's sample.
    @Test func catchClausesMatchCodesOverAnyError() throws {
        let samples = PropertyErrorDocSamples()
        #expect(
            samples.loadOrExplain(JsonPropertyLoader(string: "{", name: "a.json"), into: Container()) == "fix the file")
        #expect(
            samples.loadOrExplain(JsonPropertyLoader(string: "{}", name: "b.json"), into: Container())
                == "set server.port")
        let ready = JsonPropertyLoader(string: #"{ "server": { "port": 80 } }"#, name: "c.json")
        #expect(samples.loadOrExplain(ready, into: Container()) == "ready")
        let mismatch = samples.loadOrExplain(
            JsonPropertyLoader(string: #"{ "server": { "port": "x" } }"#), into: Container())
        #expect(mismatch.contains(#"property "server.port" is a string"#))

        let container = try container()
        let _: Int? = container.property("server.port")
        var caught = ""
        do {
            try container.checkProperties(resolvingRegistrations: false)
        } catch PropertyLoaderError.missingResource {
            caught = "missing-resource"
        } catch PropertyCheckError.unreadableProperties {
            caught = "unreadable-properties"
        } catch {
            caught = "other"
        }
        #expect(caught == "unreadable-properties")
    }

    /// `localizedDescription` is the masked description, not Foundation's generic text.
    @Test func localizedDescriptionIsTheDescription() throws {
        let container = try container(#"{ "server": { "port": "eighty", "token": "t0k-9f" } }"#)
        let loader = try #require(throws: PropertyLoaderError.self) {
            try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "a": }"#, name: "bad.json"))
        }
        let property = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("server.token", as: Int.self)
        }
        let _: Int? = container.property("server.port")
        let check = try #require(throws: PropertyCheckError.self) {
            try container.checkProperties(resolvingRegistrations: false)
        }
        let errors: [any Error & CustomStringConvertible] = [loader, property, check]
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
        #expect(property.localizedDescription.contains("is a string (***)"))
        #expect(loader.localizedDescription.hasPrefix("bad.json:1:8: "))
    }

    @Test func errorsWithTheSameCodeAndDifferentTextAreEqual() {
        let loaderA = PropertyLoaderError(.malformedContent, source: "a.json", message: "expected a value")
        let loaderB = PropertyLoaderError(.malformedContent, source: "b.toml", message: "unexpected '='")
        #expect(loaderA.description != loaderB.description)
        #expect(loaderA == loaderB)
        #expect(loaderA == PropertyLoaderError.malformedContent)

        let propertyA = PropertyError(.missingKey, key: "a", requestedType: "Swift.Int", fileID: "App/A.swift", line: 1)
        let propertyB = PropertyError(
            .missingKey, key: "b", requestedType: "Swift.String", fileID: "App/B.swift", line: 2)
        #expect(propertyA.description != propertyB.description)
        #expect(propertyA == propertyB)

        let checkA = PropertyCheckError(failures: [propertyA])
        let checkB = PropertyCheckError(failures: [propertyA, propertyB])
        #expect(checkA.description != checkB.description)
        #expect(checkA == checkB)
        #expect(checkA == PropertyCheckError.unreadableProperties)
    }

    @Test func errorsWithDifferentCodesAreNotEqual() {
        let missing = PropertyLoaderError(.missingResource, source: "a.json", message: "same")
        #expect(missing != PropertyLoaderError(.unreadableFile, source: "a.json", message: "same"))
        let mismatch = PropertyError(.typeMismatch, key: "a", requestedType: "Swift.Int", fileID: "A.swift", line: 1)
        #expect(
            mismatch != PropertyError(.missingKey, key: "a", requestedType: "Swift.Int", fileID: "A.swift", line: 1))
        for (index, entry) in Self.loaderCodes.enumerated() {
            for other in Self.loaderCodes[(index + 1)...] { #expect(entry.value != other.value) }
        }
        for (index, entry) in Self.propertyCodes.enumerated() {
            for other in Self.propertyCodes[(index + 1)...] { #expect(entry.value != other.value) }
        }
    }

    @Test func everyCodeHasAStaticValueAndAKebabCaseSpelling() {
        let spellings =
            Self.loaderCodes.map {
                ($0.value.code.description, $0.code.rawValue, $0.spelling, $0.value.code == $0.code)
            }
            + Self.propertyCodes.map {
                ($0.value.code.description, $0.code.rawValue, $0.spelling, $0.value.code == $0.code)
            }
            + Self.checkCodes.map {
                ($0.value.code.description, $0.code.rawValue, $0.spelling, $0.value.code == $0.code)
            }
        for (description, rawValue, spelling, sameCode) in spellings {
            #expect(sameCode, "\(spelling)")
            #expect(description == spelling)
            #expect(rawValue == spelling)
            #expect(isKebabCase(description), "\(description)")
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
