import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Keys that differ only in Unicode normalization, through the public loaders: one rule
/// (keys compare as Swift strings do), one outcome, whatever else the file holds.
@Suite struct FormatsKeyEqualityTests {
    @Test func tomlLoaderRefusesEquivalentKeysWithOrWithoutADottedKey() throws {
        let pair = "\"\u{E9}\" = 1\n\"e\u{301}\" = 2\n"
        for extra in ["", "x.\"a.b\" = 3\n"] {
            let container = Container()
            let loader = TomlPropertyLoader(string: pair + extra, name: "keys.toml")
            let error = try #require(throws: PropertyLoaderError.self) { try container.applyPropertyLoader(loader) }
            #expect(error.code == .malformedContent)
            #expect(error.description.hasPrefix("keys.toml:2:1: key '"))
            #expect(error.description.contains("differ only in Unicode normalization"))
        }
    }

    @Test func jsonLoaderRefusesEquivalentKeys() throws {
        let loader = JsonPropertyLoader(string: #"{"\u00e9": 1, "e\u0301": 2}"#, name: "keys.json")
        let error = try #require(throws: PropertyLoaderError.self) { try loader.loadBatch().properties }
        #expect(error.description.hasPrefix("keys.json:1:15: duplicate key"))
    }

    /// A property list compares keys by code units and can hold both spellings; the loader
    /// refuses it rather than keep one value silently.
    @Test func plistLoaderRefusesEquivalentKeys() throws {
        let xml = """
            <plist><dict><key>n</key><dict><key>\u{E9}</key><integer>1</integer>\
            <key>e\u{301}</key><integer>2</integer></dict></dict></plist>
            """
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(string: xml, name: "keys.plist").loadBatch().properties
        }
        #expect(error.code == .conflictingKeys)
        #expect(
            error.description
                == "keys.plist: property \"n\" is a dictionary with two keys that differ only in Unicode "
                + "normalization (U+65 U+301 and U+E9); property keys compare as Swift strings do, so they "
                + "would be one key")
    }
}
