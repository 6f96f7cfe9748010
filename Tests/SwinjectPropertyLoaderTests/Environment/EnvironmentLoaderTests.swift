import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

func environmentContainer(
    _ variables: [String: String], prefix: String = "APP_", json: String? = nil
) throws -> Container {
    let container = Container()
    if let json { try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json")) }
    try container.applyPropertyLoader(EnvironmentPropertyLoader(prefix: prefix, variables: variables))
    return container
}

@Suite("Environment variables: names to keys")
struct EnvironmentMappingTests {
    @Test(
        "each mapping rule",
        arguments: [
            ("APP_PORT", "port"),
            ("APP_DATABASE_HOST", "database.host"),
            ("APP_DATABASE_POOL__SIZE", "database.pool_size"),
            ("APP_DATABASE__POOL_SIZE", "database_pool.size"),
            ("APP_A___B", "a_.b"),
            ("APP_A____B", "a__b"),
            ("APP_Mixed_Case", "mixed.case"),
            ("APP_SERVERS_0_HOST", "servers.0.host"),
            ("APP_LOG2_LEVEL", "log2.level"),
            ("APP_CAFÉ_X", "cafÉ.x"),
        ])
    func mapping(variable: String, key: String) throws {
        let container = try environmentContainer([variable: "v"])
        #expect(container.propertyKeys == [key])
        #expect(container.propertySource(for: key)?.name == "environment variable \(variable)")
        #expect(container.propertySource(for: key)?.valuesAreText == true)
    }

    @Test("a dotted segment stays one segment")
    func dotInName() throws {
        let container = try environmentContainer(["APP_A.B_C": "v"])
        #expect(container.propertyKeys == [#""a.b".c"#])
    }

    @Test("only variables with the prefix are read, and the prefix is matched byte for byte")
    func prefix() throws {
        let container = try environmentContainer(
            ["APP_HOST": "a", "APPLE_HOST": "b", "app_port": "1", "HOST": "c", "MY_APP_X": "d"])
        #expect(container.propertyKeys == ["host"])
        let other = try environmentContainer(["SVC_HOST": "a", "APP_HOST": "b"], prefix: "SVC_")
        #expect(other.property("host") == "a")
    }

    @Test("the explicit dictionary is read, not the process environment")
    func explicitDictionary() throws {
        let loader = EnvironmentPropertyLoader(prefix: "PATH", variables: [:])
        #expect(try loader.loadBatch().operationCount == 0)
        let container = try environmentContainer(["APP_MODE": "demo"])
        #expect(container.property("mode") == "demo")
        #expect(container.property("path", as: String.self) == nil)
    }

    @Test("the process environment, when no dictionary is given, is read and not changed")
    func processEnvironment() throws {
        // A prefix no process sets: the test neither depends on nor changes the real environment.
        let prefix = "SWINJECTKIT_UNSET_\(UInt64.random(in: 0...UInt64.max))_"
        let before = ProcessInfo.processInfo.environment
        let loader = EnvironmentPropertyLoader(prefix: prefix)
        #expect(loader.variables == nil)
        #expect(try loader.loadBatch().operationCount == 0)
        #expect(ProcessInfo.processInfo.environment == before)
    }

    @Test("names that map to no key, and an empty prefix, fail with the variable's name")
    func invalidNames() throws {
        let cases: [(String, String)] = [
            ("APP_", "environment variable APP_: the name is the prefix alone, so it names no key"),
            (
                "APP__X",
                "environment variable APP__X: segment 1 of the key is empty "
                    + "(a single '_' separates segments, '__' is a literal '_')"
            ),
            (
                "APP_X_",
                "environment variable APP_X_: segment 2 of the key is empty "
                    + "(a single '_' separates segments, '__' is a literal '_')"
            ),
        ]
        for (variable, message) in cases {
            let error = #expect(throws: PropertyLoaderError.malformedContent) {
                _ = try environmentContainer([variable: "v"])
            }
            #expect(error?.description == message)
        }
        let empty = #expect(throws: PropertyLoaderError.invalidTopLevel) {
            _ = try environmentContainer(["X": "v"], prefix: "")
        }
        #expect(
            empty?.description
                == "environment: the prefix is empty; without one every variable of the process (PATH, HOME, …) "
                + "would become a property")
    }

    @Test("the loader's properties list the mapped keys in name order")
    func properties() throws {
        let loader = EnvironmentPropertyLoader(prefix: "APP_", variables: ["APP_B": "2", "APP_A_X": "1"])
        let properties = try loader.loadBatch().properties
        #expect(properties.map(\.key) == ["a.x", "b"])
        #expect(properties.map(\.source.name) == ["environment variable APP_A_X", "environment variable APP_B"])
    }
}

@Suite("Environment variables: fuzz regressions")
struct EnvironmentFuzzRegressionTests {
    /// The input `env` found: a decoder that asks every value for a list split the items of a
    /// text again and again, until the stack overflowed.
    @Test("a decoder of any shape ends on variables set over JSON")
    func anyShapeOverJSON() throws {
        let container = try environmentContainer(
            ["APP_A_B_C": "9", "APP_X_0": "1", "APP_A": "on"], json: #"{"a": {"bC": 1}, "x": [1, 2]}"#)
        // `APP_A` is a value beside the members of `a`, not lost under them.
        #expect(container.propertyKeys == ["a", "a.bC", "x.0"])
        #expect(container.property("a") == true)
        typealias AnyShape = TextDecodingTests.AnyShape
        #expect(container.property("x", as: [String: AnyShape].self) == ["0": .text("1")])
        #expect(container.property("a.bC", as: AnyShape.self) == .text("9"))
        #expect(container.property("a.bC") == 9)
        // A key-decoding strategy skips the typed table, so the text rules decode the text; the
        // fuzzer's decoder then asked each list item for a list again.
        let decoded = try container.requiredProperty(
            "a.bC", as: AnyShape.self, keyDecodingStrategy: .convertFromSnakeCase)
        #expect(decoded == .list([.text("9")]))
    }
}
