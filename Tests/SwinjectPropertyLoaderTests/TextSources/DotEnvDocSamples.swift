import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of DotEnvFiles.md, verbatim (Scripts/check-doc-samples.py), and tests that
// run them through the public API.
struct DotEnvDocSamples {
    func loadLocalOverrides(into container: Container, directory: URL) throws {
        try container.applyPropertyLoader(JsonPropertyLoader(url: directory.appendingPathComponent("defaults.json")))
        try container.applyPropertyLoader(DotEnvPropertyLoader(url: directory.appendingPathComponent(".env")))
    }

    func loadComposeFile(_ url: URL, into container: Container) throws {
        let options = DotEnvPropertyLoader.Options(keys: .environment(prefix: "APP_"))
        try container.applyPropertyLoader(DotEnvPropertyLoader(url: url, options: options))
    }

    func loadWithoutInterpolation(from url: URL, into container: Container) throws {
        let options = DotEnvPropertyLoader.Options(interpolates: false)
        try container.applyPropertyLoader(DotEnvPropertyLoader(url: url, options: options))
    }

    func loadWithVariables(_ text: String, into container: Container) throws {
        let options = DotEnvPropertyLoader.Options(variables: ["REGION": "eu-west-1"])
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env", options: options))
    }

    func loadSmallDotEnv(from url: URL, into container: Container) throws {
        let limits = ParseLimits(maxInputBytes: 64 << 10, maxKeys: 500, maxStringBytes: 8 << 10)
        try container.applyPropertyLoader(DotEnvPropertyLoader(url: url, options: .init(limits: limits)))
    }
}

@Suite struct DotEnvDocSampleTests {
    /// The article's `.env` text, as written there.
    static let articleText = """
        # Local settings for the orders service
        export database.host=localhost
        database.port=5432              # the default port
        greeting="Hello,\\nworld"
        password='pa$$word'
        CERTIFICATE="-----BEGIN CERTIFICATE-----
        MIIB...
        -----END CERTIFICATE-----"
        """

    @Test func articleFileOverridesDefaults() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{ "database": { "host": "db", "user": "orders" }, "region": "eu" }"#.utf8)
            .write(to: directory.appendingPathComponent("defaults.json"))
        try Data(Self.articleText.utf8).write(to: directory.appendingPathComponent(".env"))
        let container = Container()
        try DotEnvDocSamples().loadLocalOverrides(into: container, directory: directory)
        #expect(container.property("database.host") == "localhost")
        #expect(container.property("database.port") == "5432")
        #expect(container.property("region") == "eu")
        #expect(container.property("greeting") == "Hello,\nworld")
        #expect(container.property("password") == "pa$$word")
        #expect(container.property("CERTIFICATE") == "-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----")
        let source = try #require(container.propertySource(for: "database.port"))
        #expect(source.description == directory.appendingPathComponent(".env").path + ":3:15")
        #expect(source.valuesAreText)
    }

    @Test func composeFileMapsItsPrefixedNames() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(".env")
        try Data("APP_DATABASE_HOST=db.internal\nPOSTGRES_USER=orders\n".utf8).write(to: url)
        let container = Container()
        try DotEnvDocSamples().loadComposeFile(url, into: container)
        #expect(container.propertyKeys == ["database.host"])
        #expect(container.property("database.host") == "db.internal")
    }

    @Test func interpolationOffKeepsDollars() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(".env")
        try Data("URL=postgres://${database.host}/orders\n".utf8).write(to: url)
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: "database.host=db\n"))
        try DotEnvDocSamples().loadWithoutInterpolation(from: url, into: container)
        #expect(container.property("URL") == "postgres://db/orders")
    }

    @Test func givenVariablesInterpolate() throws {
        let container = Container()
        try DotEnvDocSamples().loadWithVariables(
            "BUCKET=logs-${REGION}\nMIRROR=${BUCKET:+$BUCKET-mirror}\nZONE=${ZONE:-${REGION}a}\n", into: container)
        #expect(container.property("BUCKET") == "logs-eu-west-1")
        #expect(container.property("MIRROR") == "logs-eu-west-1-mirror")
        #expect(container.property("ZONE") == "eu-west-1a")
    }

    @Test func smallLimitsRefuseALargerFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("big.env")
        try Data(String(repeating: "A=1\n", count: 501).utf8).write(to: url)
        let error = try #require(throws: PropertyLoaderError.self) {
            try DotEnvDocSamples().loadSmallDotEnv(from: url, into: Container())
        }
        #expect(error.description == "\(url.path):501:1: more than the limit of 500 keys")
    }

    @Test func docCommentSample() throws {
        let text = """
            # Local overrides
            export database.host=localhost
            database.port=5432            # the default port
            greeting="Hello,\\nworld"
            password='pa$$word'
            """
        let container = Container()
        try container.applyPropertyLoader(DotEnvPropertyLoader(string: text, name: ".env"))
        let host: String? = container.property("database.host")  // "localhost"
        #expect(host == "localhost")
        #expect(container.property("greeting") == "Hello,\nworld")
    }
}
