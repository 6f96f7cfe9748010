#if YAML
    import Foundation
    import Swinject
    import SwinjectPropertyLoader
    import Testing

    // The Swift samples of YAML.md, verbatim (Scripts/check-doc-samples.py), and tests that run
    // them and the article's YAML through the public API. Compiled only with `--traits YAML`.
    struct YamlDocSamples {
        func loadServiceSettings(into container: Container, directory: URL) throws {
            let defaults = directory.appendingPathComponent("defaults.json")
            let service = directory.appendingPathComponent("service.yml")
            try container.applyPropertyLoader(JsonPropertyLoader(url: defaults))
            try container.applyPropertyLoader(YAMLPropertyLoader(url: service))
        }
    }

    @Suite struct YamlDocSampleTests {
        @Test func articleFileMergesOverDefaults() throws {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try Data(#"{"database": {"host": "localhost", "port": 5432}}"#.utf8)
                .write(to: directory.appendingPathComponent("defaults.json"))
            let yaml = """
                database:
                  host: db.internal
                  pool: {min: 1, max: 8}
                defaults: &defaults
                  timeout: 30
                  retries: 3
                primary:
                  <<: *defaults
                  retries: 5
                """
            try Data(yaml.utf8).write(to: directory.appendingPathComponent("service.yml"))
            let container = Container()
            try YamlDocSamples().loadServiceSettings(into: container, directory: directory)
            #expect(container.property("database.host") == "db.internal")
            #expect(container.property("database.port") == 5432)
            #expect(container.property("database.pool.max") == 8)
            #expect(container.property("primary.timeout") == 30)
            #expect(container.property("primary.retries") == 5)
        }
    }
#endif
