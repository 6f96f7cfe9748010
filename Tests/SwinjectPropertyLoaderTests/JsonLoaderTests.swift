import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct JsonLoaderTests {
    @Test func loadsBundleResourceWithAllThreeCommentStyles() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(bundle: Fixtures.bundle, name: "properties"))
        #expect(container.property("name") == "Mike")
        #expect(container.property("count") == 100)
        #expect(container.property("team") == "Giants")
        #expect(container.property("ratio") == 30.5)
        #expect(container.property("server.ports") == [8080, 8443])
        let source = try #require(container.propertySource(for: "count"))
        #expect(source.name.hasSuffix("properties.json"))
        #expect(source.position == SourcePosition(line: 6, column: 14))
    }

    @Test func loadsFromURLStringAndData() throws {
        let url = try #require(Fixtures.url("properties", "json"))
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(url: url))
        #expect(container.property("team") == "Giants")
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"team": "Jets"}"#))
        #expect(container.property("team") == "Jets")
        try container.applyPropertyLoader(JsonPropertyLoader(data: Data(#"{"team": "Mets"}"#.utf8), name: "d.json"))
        #expect(container.property("team") == "Mets")
        #expect(container.propertySource(for: "team")?.description == "d.json:1:10")
    }

    @Test func keepsIntegersFloatsAndBooleansApart() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"i": 1, "f": 1.0, "b": true}"#))
        let integerAsBool: Bool? = container.property("i")
        let boolAsInt: Int? = container.property("b")
        #expect(integerAsBool == nil)
        #expect(boolAsInt == nil)
        #expect(container.property("f") == 1)
        #expect(container.property("i") == 1.0)
        #expect(container.property("b") == true)
    }

    @Test func seedMergeExample() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{ "message": "hello from A", "count": 10, "items": ["hello from A"] }"#))
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{ "message": "hello from B", "timeout": 4, "items": ["hello from B"] }"#))
        #expect(container.property("message") == "hello from B")
        #expect(container.property("count") == 10)
        #expect(container.property("timeout") == 4)
        #expect(container.property("items") == ["hello from B"])
    }

    @Test func malformedContentGivesFileLineAndColumn() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(bundle: Fixtures.bundle, name: "malformed").loadBatch().properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.position == SourcePosition(line: 3, column: 11))
        #expect(error.description.hasSuffix("malformed.json:3:11: expected ':' after object key"))
        #expect(error.parseError?.code == .syntax)
    }

    @Test func errorMessageFormatForStrings() throws {
        let text = """
            {
              "a": 1
              "b": 2
            }
            """
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(string: text, name: "config.json").loadBatch().properties
        }
        #expect(error.description == "config.json:3:3: expected ',' or '}' after object member")
    }

    @Test func duplicateKeysNameBothLines() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(string: "{\n\"a\": 1,\n\"a\": 2\n}", name: "dup.json").loadBatch().properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.parseError?.code == .duplicateKey)
        #expect(error.description.contains("dup.json:3:1"))
        #expect(error.description.contains("line 2"))
    }

    @Test func nonObjectTopLevelIsRejected() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(bundle: Fixtures.bundle, name: "array").loadBatch().properties
        }
        #expect(error.code == .invalidTopLevel)
        #expect(error.description.hasSuffix("array.json:1:1: top level is array, expected an object"))
    }

    @Test func missingResourceAndFile() throws {
        let missing = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(bundle: Fixtures.bundle, name: "absent").loadBatch().properties
        }
        #expect(missing.code == .missingResource)
        #expect(missing.description.contains("absent.json"))
        let unreadable = try #require(throws: PropertyLoaderError.self) {
            try JsonPropertyLoader(url: URL(fileURLWithPath: "/no/such/file.json")).loadBatch().properties
        }
        #expect(unreadable.code == .missingResource)
    }

    @Test func nestingLimitIsConfigurable() throws {
        let loader = JsonPropertyLoader(
            string: #"{"a": [[[1]]]}"#, options: JSONParser.Options(limits: ParseLimits(maxDepth: 3)))
        let error = try #require(throws: PropertyLoaderError.self) { try loader.loadBatch().properties }
        #expect(error.parseError?.code == .nestingTooDeep)
    }

    @Test func loadReturnsPlainValues() throws {
        let values = try JsonPropertyLoader(string: #"{"a": 1, "b": [true], "c": null}"#).load()
        #expect(values["a"] as? Int == 1)
        #expect((values["b"] as? [Any])?.first as? Bool == true)
        #expect(values["c"] == nil)
    }
}
