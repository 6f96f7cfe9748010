import Configuration
import ConfigurationTesting
import Foundation
import PropertyFormats
import SwinjectKitConfiguration
import SwinjectPropertyLoader
import Testing

/// The compatibility data set of swift-configuration's `ProviderCompatTest`, in TOML.
let compatTOML = """
    string = "Hello"
    int = 42
    double = 3.14
    bool = true
    bytes = "bWFnaWM="
    stringy.array = ["Hello", "World"]
    inty.array = [42, 24]
    doubly.array = [3.14, 2.72]
    booly.array = [true, false]
    byteChunky.array = ["bWFnaWM=", "bWFnaWMy"]

    [other]
    string = "Other Hello"
    int = 24
    double = 2.72
    bool = false
    bytes = "bWFnaWMy"
    stringy.array = ["Hello", "Swift"]
    inty.array = [16, 32]
    doubly.array = [0.9, 1.8]
    booly.array = [false, true, true]
    byteChunky.array = ["bWFnaWM=", "bWFnaWMy", "bWFnaWM="]
    """

/// The same data set in JSON with comments.
let compatJSONC = """
    {
        // top-level values
        "string": "Hello", "int": 42, "double": 3.14, "bool": true, "bytes": "bWFnaWM=",
        "stringy": {"array": ["Hello", "World"]}, "inty": {"array": [42, 24]},
        "doubly": {"array": [3.14, 2.72]}, "booly": {"array": [true, false]},
        "byteChunky": {"array": ["bWFnaWM=", "bWFnaWMy"]},
        /* nested values */
        "other": {
            "string": "Other Hello", "int": 24, "double": 2.72, "bool": false, "bytes": "bWFnaWMy",
            "stringy": {"array": ["Hello", "Swift"]}, "inty": {"array": [16, 32]},
            "doubly": {"array": [0.9, 1.8]}, "booly": {"array": [false, true, true]},
            "byteChunky": {"array": ["bWFnaWM=", "bWFnaWMy", "bWFnaWM="]}
        }
    }
    """

/// Writes `text` to a temporary file and returns a reader whose `filePath` names it, the way
/// `FileProvider(config:)` takes its path.
func fileConfig(_ text: String, name: String) throws -> (ConfigReader, URL) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: url)
    let values: [AbsoluteConfigKey: ConfigValue] = ["filePath": ConfigValue(.string(url.path), isSecret: false)]
    return (ConfigReader(provider: InMemoryProvider(values: values)), url)
}

@Suite struct SnapshotTests {
    @Test func tomlSnapshotPassesProviderCompatTest() async throws {
        let (config, url) = try fileConfig(compatTOML, name: "compat.toml")
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try await FileProvider<TOMLSnapshot>(config: config)
        try await ProviderCompatTest(provider: provider).runTest()
        #expect(provider.description == "FileProvider<TOMLSnapshot>[20 values]")
    }

    @Test func jsoncSnapshotPassesProviderCompatTest() async throws {
        let (config, url) = try fileConfig(compatJSONC, name: "compat.json")
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try await FileProvider<JSONCSnapshot>(config: config)
        try await ProviderCompatTest(provider: provider).runTest()
    }

    @Test func parseErrorsKeepLineAndColumn() async throws {
        let (config, url) = try fileConfig("[database]\nport = 5432\nhost = \n", name: "bad.toml")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try await FileProvider<TOMLSnapshot>(
                parsingOptions: .init(sourceName: "bad.toml"), config: config)
            Issue.record("expected a parse error")
        } catch let error as PropertyLoaderError {
            #expect(error.code == .malformedContent)
            #expect(error.position.line == 3)
            #expect(error.description.hasPrefix("bad.toml:3:"))
        }
        // JSON with comments: a duplicate key names both lines; the provider name stands in
        // for the file when no source name is given.
        let text = "{\n  // first\n  \"a\": 1,\n  \"a\": 2\n}"
        #expect(throws: PropertyLoaderError.malformedContent) {
            try JSONCSnapshot(data: Data(text.utf8).bytes, providerName: "test", parsingOptions: .default)
        }
        do {
            _ = try JSONCSnapshot(data: Data(text.utf8).bytes, providerName: "test", parsingOptions: .default)
        } catch let error as PropertyLoaderError {
            #expect(error.description.hasPrefix("test:4:3: "))
            #expect(error.parseError?.relatedPosition?.line == 3)
        }
        #expect(throws: PropertyLoaderError.invalidTopLevel) {
            try JSONCSnapshot(data: Data("[1]".utf8).bytes, providerName: "test", parsingOptions: .default)
        }
    }

    @Test func aValueOfTheWrongTypeNamesItsKeyAndPosition() async throws {
        let text = "[database]\nport = 5432\n[[servers]]\nhost = \"a\"\n"
        let snapshot = try TOMLSnapshot(
            data: Data(text.utf8).bytes, providerName: "test", parsingOptions: .init(sourceName: "app.toml"))
        do {
            _ = try snapshot.value(forKey: ["database", "port"], type: .stringArray)
            Issue.record("expected an error")
        } catch let error as ConfigurationBridgeError {
            #expect(error.code == .notConvertible)
            #expect(error.description == "app.toml:2:8: database.port is integer, not readable as stringArray")
            #expect(error.localizedDescription == error.description)
        }
        #expect(throws: ConfigurationBridgeError.notConvertible) {
            try snapshot.value(forKey: ["servers"], type: .stringArray)
        }
        // Through a file provider and a reader, the same key reads as an int and a double.
        let (config, url) = try fileConfig(text, name: "app.toml")
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = ConfigReader(provider: try await FileProvider<TOMLSnapshot>(config: config))
        #expect(reader.int(forKey: "database.port") == 5432)
        #expect(reader.double(forKey: "database.port") == 5432)
        #expect(reader.stringArray(forKey: "database.port") == nil)
    }

    @Test func secretsAreMarkedAndNeverPrinted() throws {
        let text = "[database]\nhost = \"db\"\npassword = \"hunter2\"\n"
        let options = TOMLSnapshot.ParsingOptions(secretsSpecifier: .specific(["database.password"]))
        let snapshot = try TOMLSnapshot(data: Data(text.utf8).bytes, providerName: "test", parsingOptions: options)
        let password = try snapshot.value(forKey: ["database", "password"], type: .string)
        #expect(password.value?.isSecret == true)
        #expect(try snapshot.value(forKey: ["database", "host"], type: .string).value?.isSecret == false)
        #expect(snapshot.debugDescription == "test[2 values: database.host=db, database.password=<REDACTED>]")
        #expect(!"\(password)".contains("hunter2"))
    }

    @Test func quotedSegmentsAndDatesReadAsSwinjectKitWritesThem() throws {
        let text = "[a.\"b.c\"]\nkey = 1\nday = 2024-03-01\n"
        let snapshot = try TOMLSnapshot(data: Data(text.utf8).bytes, providerName: "test", parsingOptions: .default)
        #expect(try snapshot.value(forKey: ["a", "b.c", "key"], type: .int).value?.content == .int(1))
        #expect(try snapshot.value(forKey: ["a", "b", "c", "key"], type: .int).value == nil)
        #expect(try snapshot.value(forKey: ["a", "b.c", "day"], type: .string).value?.content == .string("2024-03-01"))
    }
}
