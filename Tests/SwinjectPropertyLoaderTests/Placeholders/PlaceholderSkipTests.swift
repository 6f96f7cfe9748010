import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// A build skips looking for placeholders in a JSON document that has no `$`; these are the
// cases where a `$` reaches a value another way, and must still be found.
@Suite struct PlaceholderSkipTests {
    @Test func aDollarSpelledAsAnEscapeIsStillAPlaceholder() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"host": "db.internal", "url": "pg://\u0024{host}/orders"}"#))
        #expect(container.property("url") == "pg://db.internal/orders")
    }

    @Test func aDollarSpelledAsATomlEscapeIsStillAPlaceholder() throws {
        let container = Container()
        try container.applyPropertyLoader(
            TomlPropertyLoader(string: #"host = "db.internal"\#nurl = "pg://\U00000024{host}/orders""#))
        #expect(container.property("url") == "pg://db.internal/orders")
    }

    @Test func aDocumentWithoutDollarsStillUpdatesEarlierTemplates() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"url": "pg://${host}", "host": "a"}"#))
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"host": "b", "other": {"x": 1}}"#))
        #expect(container.property("url") == "pg://b")
    }

    @Test func aValueAddedToALoadedBatchIsStillLookedAt() throws {
        var batch = try JsonPropertyLoader(string: #"{"host": "db.internal"}"#).loadBatch()
        batch.set("url", to: .string("pg://${host}"), source: PropertySource(name: "added"))
        let container = Container()
        try container.applyPropertyLoader(BatchLoader(batch: batch))
        #expect(container.property("url") == "pg://db.internal")
    }

    @Test func aDollarInALaterLoaderOfOneBuildIsFound() throws {
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"host": "db.internal"}"#),
            JsonPropertyLoader(string: #"{"url": "pg://${host}", "n": {"m": "${host}"}}"#),
        ])
        #expect(container.property("url") == "pg://db.internal")
        #expect(container.property("n.m") == "db.internal")
    }

    private struct BatchLoader: PropertyBatchLoader {
        let batch: PropertyBatch
        func loadBatch() throws -> PropertyBatch { batch }
    }
}
