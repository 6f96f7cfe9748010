import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Values of `.env` files, command-line arguments and mounted directories are text that converts
/// on request, as the text column of the conversion table says.
@Suite struct TextSourceConversionTests {
    @Test func dotEnvValuesConvert() throws {
        let text = """
            database.port=5432
            database.ratio="1.5"
            feature.enabled='yes'
            hosts=a.internal,b.internal
            name=orders
            """
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env"))
        #expect(container.property("database.port") == 5432)
        #expect(container.property("database.port") == "5432")
        #expect(container.property("database.ratio") == 1.5)
        #expect(container.property("feature.enabled") == true)
        #expect(container.property("hosts") == ["a.internal", "b.internal"])
        #expect(container.property("name", as: Int.self) == nil)
        let error = try #require(throws: PropertyError.self) { try container.requiredProperty("name", as: Int.self) }
        #expect(error.description.contains(".env:5:6"))
    }

    @Test func commandLineValuesConvert() throws {
        let loader = CommandLinePropertyLoader(arguments: ["--database.port", "5432", "--verbose", "--ratio=0.25"])
        let container = Container()
        try container.applyPropertyLoader(loader)
        #expect(container.property("database.port") == 5432)
        #expect(container.property("verbose") == true)
        #expect(container.property("ratio") == 0.25)
    }

    @Test func directoryValuesConvert() throws {
        let volume = try KubernetesVolume(["database.port": "5432\n", "feature.enabled": "true\n"])
        defer { volume.remove() }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url, secret: true))
        #expect(container.property("database.port") == 5432)
        #expect(container.property("feature.enabled") == true)
    }

    /// A typed source keeps its strict table: the same text from JSON does not become a number.
    @Test func typedSourcesStayStrict() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "port": "5432" }"#))
        #expect(container.property("port", as: Int.self) == nil)
        try container.applyPropertyLoader(CommandLinePropertyLoader(arguments: ["--port=5432"]))
        #expect(container.property("port") == 5432)
    }
}
