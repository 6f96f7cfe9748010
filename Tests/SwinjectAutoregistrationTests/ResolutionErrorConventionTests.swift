import Foundation
import Swinject
import SwinjectAutoregistration
import Testing

// The error convention every SwinjectKit error type follows, checked for `ResolutionError` and
// `VerificationError` through the public API only: kebab-case codes, `==` on codes alone, a static
// value per code for `#expect(throws:)`, and `~=` over `any Error` for `catch` clauses.

final class ConventionEngine {}
final class ConventionCar {
    let engine: ConventionEngine
    init(engine: ConventionEngine) { self.engine = engine }
}
struct ConventionPlanError: Error {}

// The samples of the Autoregistering and Verifying a container articles
// (Sources/SwinjectAutoregistration/Documentation.docc), verbatim beside the articles' other
// samples: Scripts/check-doc-samples.py checks that they appear in a test file.
extension AutoregistrationDocSamples {
    func storefrontIfComplete(_ container: Container) throws -> Storefront? {
        do {
            return try container.resolveOrThrow(Storefront.self)
        } catch ResolutionError.missingDependency {
            return nil
        }
    }

    func verifyOrExplain(_ container: Container) -> String {
        do {
            let report = try container.verify()
            return report.unchecked.isEmpty ? "complete" : "\(report)"
        } catch VerificationError.invalidContainer {
            return "fix the registrations"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct ResolutionErrorConventionTests {
    static let codes: [(value: ResolutionError, code: ResolutionError.Code, spelling: String)] = [
        (.notRegistered, .notRegistered, "not-registered"),
        (.missingDependency, .missingDependency, "missing-dependency"),
        (.argumentTypeMismatch, .argumentTypeMismatch, "argument-type-mismatch"),
        (.cycle, .cycle, "cycle"),
        (.duplicateArgumentTypes, .duplicateArgumentTypes, "duplicate-argument-types"),
        (.unmatchedArgumentType, .unmatchedArgumentType, "unmatched-argument-type"),
        (.argumentOnlyDependency, .argumentOnlyDependency, "argument-only-dependency"),
        (.unsupportedServiceType, .unsupportedServiceType, "unsupported-service-type"),
        (.initializerThrew, .initializerThrew, "initializer-threw"),
        (.resolvedToNil, .resolvedToNil, "resolved-to-nil"),
    ]

    private func carWithoutEngine() -> Container {
        let container = Container()
        container.autoregister(ConventionCar.self, initializer: ConventionCar.init(engine:))
        return container
    }

    /// `localizedDescription` is the description, not Foundation's generic text.
    @Test func resolutionErrorLocalizedDescriptionIsTheDescription() throws {
        let container = carWithoutEngine()
        let error = try #require(
            #expect(throws: ResolutionError.self) { try container.resolveOrThrow(ConventionCar.self) })
        #expect(error.localizedDescription == error.description)
        #expect(error.localizedDescription.contains("ConventionEngine"))
    }

    /// `localizedDescription` is the description, not Foundation's generic text.
    @Test func verificationErrorLocalizedDescriptionIsTheDescription() throws {
        let container = carWithoutEngine()
        let error = try #require(#expect(throws: VerificationError.self) { try container.verify() })
        #expect(error.localizedDescription == error.description)
        #expect(error.localizedDescription.contains("ConventionEngine"))
    }

    @Test func staticValuesMatchThrownErrorsWithExpectThrows() {
        let container = carWithoutEngine()
        #expect(throws: ResolutionError.notRegistered) { try container.resolveOrThrow(ConventionEngine.self) }
        #expect(throws: ResolutionError.missingDependency) { try container.resolveOrThrow(ConventionCar.self) }
        #expect(throws: VerificationError.invalidContainer) { try container.verify() }
    }

    /// Variant: `catch` clauses over `any Error` for both types, beside another error type,
    /// through the article's sample and a `do` whose calls throw three error types.
    @Test func catchClausesMatchCodesOverAnyError() throws {
        let samples = AutoregistrationDocSamples()
        let storefront = Container()
        storefront.autoregister(
            AutoregistrationDocSamples.Storefront.self, initializer: AutoregistrationDocSamples.Storefront.init)
        storefront.autoregister(
            AutoregistrationDocSamples.Catalog.self, initializer: AutoregistrationDocSamples.Catalog.init)
        #expect(try samples.storefrontIfComplete(storefront) == nil)
        #expect(throws: ResolutionError.notRegistered) { try samples.storefrontIfComplete(Container()) }
        #expect(samples.verifyOrExplain(storefront) == "fix the registrations")
        #expect(samples.verifyOrExplain(Container()) == "complete")

        let container = carWithoutEngine()
        let attempts: [() throws -> Void] = [
            { _ = try container.resolveOrThrow(ConventionCar.self) },
            { throw ConventionPlanError() },
            { _ = try container.verify() },
            { _ = try container.resolveOrThrow(ConventionEngine.self) },
        ]
        var caught: [String] = []
        for attempt in attempts {
            do {
                try attempt()
                caught.append("none")
            } catch ResolutionError.missingDependency {
                caught.append("missing-dependency")
            } catch VerificationError.invalidContainer {
                caught.append("invalid-container")
            } catch ResolutionError.cycle {
                caught.append("cycle")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["missing-dependency", "other", "invalid-container", "other"])
    }

    @Test func errorsWithTheSameCodeAndDifferentTextAreEqual() throws {
        let container = carWithoutEngine()
        let thrown = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(ConventionCar.self) }
        #expect(thrown.description != ResolutionError.missingDependency.description)
        #expect(thrown == ResolutionError.missingDependency)
        #expect(thrown == ResolutionError(.missingDependency))

        let oneProblem = try #require(throws: VerificationError.self) { try container.verify() }
        let cycle = Container()
        cycle.autoregister(ConventionCar.self, initializer: ConventionCar.init(engine:))
        cycle.autoregister(ConventionEngine.self) { (_: ConventionCar) in ConventionEngine() }
        let otherProblem = try #require(throws: VerificationError.self) { try cycle.verify() }
        #expect(oneProblem.description != otherProblem.description)
        #expect(oneProblem == otherProblem)
        #expect(oneProblem == VerificationError.invalidContainer)
    }

    @Test func errorsWithDifferentCodesAreNotEqual() throws {
        let container = carWithoutEngine()
        let thrown = try #require(throws: ResolutionError.self) { try container.resolveOrThrow(ConventionCar.self) }
        #expect(thrown != ResolutionError.notRegistered)
        #expect(thrown != ResolutionError(.cycle))
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
        let verification = VerificationError.invalidContainer
        #expect(verification.code == .invalidContainer)
        #expect(verification.code.description == "invalid-container")
        #expect(isKebabCase(verification.code.rawValue))
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
