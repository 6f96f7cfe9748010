import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct MergeAndProvenanceTests {
    @Test func laterLoadersWinPerKey() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["message": "hello from A", "count": 10]))
        try container.applyPropertyLoader(DictionaryLoader(values: ["message": "hello from B", "timeout": 4]))
        #expect(container.property("message") == "hello from B")
        #expect(container.property("count") == 10)
        #expect(container.property("timeout") == 4)
    }

    @Test func arraysAndDictionariesAreReplacedWhole() throws {
        let container = Container()
        try container.applyPropertyLoader(
            DictionaryLoader(values: ["items": ["hello from A"], "db": ["host": "a", "port": 1]]))
        try container.applyPropertyLoader(DictionaryLoader(values: ["items": ["hello from B"], "db": ["host": "b"]]))
        #expect(container.property("items") == ["hello from B"])
        #expect(container.property("db.host") == "b")
        let port: Int? = container.property("db.port")
        #expect(port == nil)
    }

    @Test func recordsRememberSourceAndOverrides() throws {
        let container = Container()
        try container.applyPropertyLoader(
            ValuesLoader([("a", .integer(1)), ("b", .string("x"))], sourceName: "base.json"))
        try container.applyPropertyLoader(ValuesLoader([("a", .integer(2))], sourceName: "local.json"))
        let record = try #require(container.propertyRecord(for: "a"))
        #expect(record.source.description == "local.json:1:1")
        #expect(record.overridden.map(\.description) == ["base.json:1:1"])
        #expect(container.propertySource(for: "b")?.description == "base.json:2:1")
        #expect(container.propertySource(for: "missing") == nil)
        #expect(
            container.propertiesDescription == """
                a = 2 (integer) from local.json:1:1, overrides base.json:1:1
                b = "x" (string) from base.json:2:1
                """)
    }

    @Test func childRecordsShowWhatTheyOverrideInTheParent() throws {
        let parent = Container()
        try parent.applyPropertyLoader(ValuesLoader([("mode", .string("prod"))], sourceName: "parent.json"))
        let child = Container(parent: parent)
        try child.applyPropertyLoader(ValuesLoader([("mode", .string("test"))], sourceName: "child.json"))
        #expect(
            child.propertiesDescription == "mode = \"test\" (string) from child.json:1:1, overrides parent.json:1:1")
        #expect(parent.propertiesDescription == "mode = \"prod\" (string) from parent.json:1:1")
    }

    @Test func dotPathsReachIntoNestedValuesAndArrays() throws {
        let container = Container()
        try container.applyPropertyLoader(
            DictionaryLoader(values: ["test": ["dict": ["key1": "v1"], "list": [10, 20]]]))
        #expect(container.property("test.dict.key1") == "v1")
        #expect(container.property("test.list.1") == 20)
        let outOfRange: Int? = container.property("test.list.2")
        #expect(outOfRange == nil)
        let dict: [String: String]? = container.property("test.dict")
        #expect(dict == ["key1": "v1"])
    }

    @Test func aLaterFlatKeyReplacesOneLeafOfAnEarlierObject() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["api": ["timeout": 10, "retries": 1]]))
        try container.applyPropertyLoader(DictionaryLoader(values: ["api.timeout": 20]))
        #expect(container.property("api.timeout") == 20)
        #expect(container.property("api") == ["timeout": 20, "retries": 1])
    }

    @Test func anEarlierFlatKeyIsReplacedByALaterObject() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["api.timeout": 20, "api.retries": 1]))
        try container.applyPropertyLoader(DictionaryLoader(values: ["api": ["timeout": 10]]))
        #expect(container.property("api.timeout") == 10)
        #expect(container.property("api.retries") as Int? == nil)
        #expect(container.property("api") == ["timeout": 10])
    }

    @Test func flatKeysReadAsASection() throws {
        let container = Container()
        try container.applyPropertyLoader(
            DictionaryLoader(values: ["api.url": "https://x", "api.retry.count": 3, "apiary": "bees"]))
        let section: [String: Any]? = container.property("api")
        #expect(section?["url"] as? String == "https://x")
        #expect((section?["retry"] as? [String: Any])?["count"] as? Int == 3)
        #expect(section?["apiary"] == nil)
        let none: [String: Any]? = container.property("ap")
        #expect(none == nil)
    }

    @Test func customLoaderWrittenByAUser() throws {
        struct EnvironmentLoader: PropertyLoader {
            let variables: [String: String]
            func load() throws -> [String: Any] {
                variables.filter { $0.key.hasPrefix("APP_") }
            }
        }
        let container = Container()
        try container.applyPropertyLoader(EnvironmentLoader(variables: ["APP_MODE": "demo", "HOME": "/root"]))
        #expect(container.property("APP_MODE") == "demo")
        #expect(container.propertyKeys == ["APP_MODE"])
        #expect(container.propertySource(for: "APP_MODE")?.name == "EnvironmentLoader")
    }
}
