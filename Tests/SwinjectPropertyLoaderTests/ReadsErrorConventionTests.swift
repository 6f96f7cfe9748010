import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// One convention for the property errors: a struct with a code, `==` compares codes, tests
/// match a code with `#expect(throws:)` on the static value, `catch` clauses match it too.
@Suite struct ReadsErrorConventionTests {
    private func container() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "x"}"#, name: "app.json"))
        return container
    }

    @Test func propertyErrorsMatchByCode() throws {
        let container = try container()
        #expect(throws: PropertyError.typeMismatch) { _ = try container.requiredProperty("port", as: Int.self) }
        #expect(throws: PropertyError.missingKey) { _ = try container.requiredProperty("host", as: String.self) }
        let error = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("port", as: Int.self)
        }
        #expect(error == PropertyError.typeMismatch)
        #expect(error != PropertyError.missingKey)
    }

    /// Variant: `catch` clauses over any error, for all three error types, beside other clauses.
    @Test func catchClausesMatchCodesOverAnyError() throws {
        let container = try container()
        var caught: [String] = []
        let attempts: [() throws -> Void] = [
            { _ = try container.requiredProperty("host", as: String.self) },
            { try container.applyPropertyLoader(JsonPropertyLoader(url: URL(fileURLWithPath: "/no/such.json"))) },
            {
                let _: Int? = container.property("port")
                try container.checkProperties(resolvingRegistrations: false)
            },
            { throw CancellationError() },
        ]
        for attempt in attempts {
            do {
                try attempt()
            } catch PropertyError.typeMismatch {
                caught.append("type-mismatch")
            } catch PropertyError.missingKey {
                caught.append("missing-key")
            } catch PropertyLoaderError.missingResource {
                caught.append("missing-resource")
            } catch PropertyCheckError.unreadableProperties {
                caught.append("unreadable-properties")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["missing-key", "missing-resource", "unreadable-properties", "other"])
    }
}
