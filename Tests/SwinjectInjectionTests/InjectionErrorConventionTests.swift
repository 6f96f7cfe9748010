import Foundation
import SwinjectInjection
import Testing

// The error convention every SwinjectKit error type follows, checked for `InjectionError` through
// the public API only: kebab-case codes, `==` on codes alone, a static value per code for
// `#expect(throws:)`, and `~=` over `any Error` for `catch` clauses.

protocol ConventionClock: AnyObject {}
final class ConventionSystemClock: ConventionClock {}
struct ConventionSettingsError: Error {}

// The sample of the Getting started article
// (Sources/SwinjectInjection/Documentation.docc/InjectionGettingStarted.md), verbatim beside the
// article's other samples: Scripts/check-doc-samples.py checks that it appears in a test file.
extension InjectionDocSamples {
    func registerWeatherOnce(in injector: Injector) -> String {
        do {
            try injector.register(as: (any WeatherService).self, injection: .singleton(SunnyWeather()))
            return "registered"
        } catch InjectionError.alreadyRegistered {
            return "kept the first registration"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct InjectionErrorConventionTests {
    static let codes: [(value: InjectionError, code: InjectionError.Code, spelling: String)] = [
        (.notRegistered, .notRegistered, "not-registered"),
        (.alreadyRegistered, .alreadyRegistered, "already-registered"),
        (.cycle, .cycle, "cycle"),
        (.creationFailed, .creationFailed, "creation-failed"),
    ]

    /// `localizedDescription` is the description, not Foundation's generic text.
    @Test func localizedDescriptionIsTheDescription() throws {
        let injector = Injector(label: "convention", allowsRewrite: false)
        let error = try #require(#expect(throws: InjectionError.self) { try injector.get((any ConventionClock).self) })
        #expect(error.localizedDescription == error.description)
        #expect(error.localizedDescription.contains("ConventionClock"))
    }

    @Test func staticValuesMatchThrownErrorsWithExpectThrows() throws {
        let injector = Injector(label: "convention", allowsRewrite: false)
        #expect(throws: InjectionError.notRegistered) { try injector.get((any ConventionClock).self) }
        #expect(throws: InjectionError.notRegistered) { try injector.unregister(type: (any ConventionClock).self) }
        try injector.register(as: (any ConventionClock).self, injection: .singleton(ConventionSystemClock()))
        #expect(throws: InjectionError.alreadyRegistered) {
            try injector.register(as: (any ConventionClock).self, injection: .singleton(ConventionSystemClock()))
        }
    }

    /// Variant: a `catch` clause over `any Error`, beside another error type, through the
    /// article's sample and a `do` whose calls throw two error types.
    @Test func catchClausesMatchCodesOverAnyError() {
        let samples = InjectionDocSamples()
        let weather = Injector(label: "weather", allowsRewrite: false)
        #expect(samples.registerWeatherOnce(in: weather) == "registered")
        #expect(samples.registerWeatherOnce(in: weather) == "kept the first registration")

        let injector = Injector(label: "clocks", allowsRewrite: false)
        _ = try? injector.register(as: (any ConventionClock).self, injection: .singleton(ConventionSystemClock()))

        let attempts: [() throws -> Void] = [
            { _ = try Injector().get((any ConventionClock).self) },
            { throw ConventionSettingsError() },
            { _ = try injector.get((any ConventionClock).self) },
        ]
        var caught: [String] = []
        for attempt in attempts {
            do {
                try attempt()
                caught.append("none")
            } catch InjectionError.alreadyRegistered {
                caught.append("already-registered")
            } catch InjectionError.notRegistered {
                caught.append("not-registered")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["not-registered", "other", "none"])
    }

    @Test func errorsWithTheSameCodeAndDifferentTextAreEqual() {
        let first = InjectionError(code: .notRegistered, serviceType: "App.Clock", injectorLabel: "a", line: 1)
        let second = InjectionError(code: .notRegistered, serviceType: "App.Store", name: "main", line: 2)
        #expect(first.description != second.description)
        #expect(first == second)
        #expect(first == InjectionError.notRegistered)
    }

    @Test func errorsWithDifferentCodesAreNotEqual() {
        let cycle = InjectionError(code: .cycle, serviceType: "App.Clock", chain: ["App.Clock", "App.Clock"])
        #expect(cycle != InjectionError(code: .creationFailed, serviceType: "App.Clock", chain: ["App.Clock"]))
        for (index, entry) in Self.codes.enumerated() {
            for other in Self.codes[(index + 1)...] {
                #expect(entry.value != other.value, "\(entry.code) and \(other.code)")
            }
        }
    }

    @Test func everyCodeHasAStaticValueAndAKebabCaseSpelling() {
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
