import Swinject
import SwinjectPropertyLoader
import Testing

/// A string from a text source (`.env`, the environment, the command line, a directory) is
/// `text` in `propertiesDescription` and in a record, the word `swinjectkit show` prints.
@Suite struct TextSourceDescriptionTests {
    @Test func textSourcesDescribeTheirStringsAsText() throws {
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"service": {"name": "orders"}}"#, name: "app.json"),
            DotEnvPropertyLoader(string: "service.region=eu-1\n", name: "local.env"),
            EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_SERVICE_PORT": "8080"]),
        ])
        #expect(
            container.propertiesDescription.split(separator: "\n") == [
                #"service.name = "orders" (string) from app.json:1:22"#,
                #"service.port = "8080" (text) from environment variable APP_SERVICE_PORT"#,
                #"service.region = "eu-1" (text) from local.env:1:16"#,
            ])
        #expect(container.propertyRecord(for: "service.region")?.description.contains("(text)") == true)
    }
}
