import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The samples of Placeholders.md, line for line (Scripts/check-doc-samples.py), and tests that
// run them.
func connectionURL() throws -> String? {
    let container = Container()
    try container.applyPropertyLoaders([
        JsonPropertyLoader(
            string: #"{"database": {"host": "localhost", "port": 5432, "name": "orders"}}"#, name: "defaults.json"),
        TomlPropertyLoader(
            string: #"url = "postgres://${database.host}:${database.port}/${database.name}""#, name: "app.toml"),
        JsonPropertyLoader(string: #"{"database.host": "db.internal"}"#, name: "production.json"),
    ])
    return container.property("url")  // postgres://db.internal:5432/orders
}

func placeholderSyntax() throws -> [String?] {
    let container = Container()
    try container.applyPropertyLoader(
        TomlPropertyLoader(
            string: """
                region = "eu-west-1"
                bucket = "assets-${region}"
                timeout = "${http.timeout:-30}s"
                greeting = "Hello $${name}"
                """, name: "app.toml"))
    return [container.property("bucket"), container.property("timeout"), container.property("greeting")]
    // ["assets-eu-west-1", "30s", "Hello ${name}"]
}

func typedPlaceholder() throws -> Int? {
    let container = Container()
    try container.applyPropertyLoader(
        JsonPropertyLoader(string: #"{"database": {"port": 5432}, "pool": {"port": "${database.port}"}}"#))
    return container.property("pool.port")  // 5432, an Int: the value is exactly one placeholder
}

func placeholderProvenance() throws -> [String] {
    let container = Container()
    try container.applyPropertyLoader(
        JsonPropertyLoader(string: #"{"host": "db.internal"}"#, name: "defaults.json"))
    try container.applyPropertyLoader(
        JsonPropertyLoader(string: #"{"url": "postgres://${host}:${port:-5432}"}"#, name: "app.json"))
    let record = container.propertyRecord(for: "url")
    print(record?.source.description ?? "-")  // app.json:1:9, where the template is
    return record?.references.map(\.description) ?? []
    // ["host from defaults.json:1:10", "port (default used)"]
}

func missingPlaceholder() throws -> [String] {
    let container = Container()
    try container.applyPropertyLoader(
        JsonPropertyLoader(string: #"{"url": "http://${api.host}/v1"}"#, name: "app.json"))
    let url: String? = container.property("url")  // nil, and recorded for checkProperties()
    print(url ?? "url does not resolve")
    return container.unresolvedPlaceholders.map(\.description)
    // ["app.json:1:9: placeholder ${api.host} in property \"url\" names a property that no loader set,
    //   and has no default (${api.host:-default} gives one)"]
}

func limitPlaceholders(_ container: Container) {
    container.placeholderLimits = PlaceholderLimits(maxDepth: 8, maxValueBytes: 4096)
}

@Suite struct PlaceholderDocSampleTests {
    @Test func samplesDoWhatTheArticleSays() throws {
        #expect(try connectionURL() == "postgres://db.internal:5432/orders")
        #expect(try placeholderSyntax() == ["assets-eu-west-1", "30s", "Hello ${name}"])
        #expect(try typedPlaceholder() == 5432)
        let provenance = try placeholderProvenance()
        #expect(provenance == ["host from defaults.json:1:10", "port (default used)"])
        #expect(
            try missingPlaceholder() == [
                "app.json:1:9: placeholder ${api.host} in property \"url\" names a property that no loader set,"
                    + " and has no default (${api.host:-default} gives one)"
            ])
        let container = Container()
        limitPlaceholders(container)
        #expect(container.placeholderLimits == PlaceholderLimits(maxDepth: 8, maxValueBytes: 4096))
    }
}
