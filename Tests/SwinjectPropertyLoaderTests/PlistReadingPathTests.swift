import Foundation
import PropertyFormats
import Testing

@testable import SwinjectPropertyLoader

/// On Linux the plist loader walks CoreFoundation's objects instead of converting what
/// `PropertyListSerialization` bridges into Swift. These tests hold the two paths to the same
/// result, value for value, on every kind of value and on the odd corners of the format.
@Suite struct PlistReadingPathTests {
    /// The loader's result, and the bridged path's on the same bytes (the loader's path on
    /// Darwin, and on Linux before the CoreFoundation walk).
    private func bothPaths(_ data: Data) throws -> (loader: [LoadedProperty], bridged: [(String, PropertyValue)]) {
        let loader = try PlistPropertyLoader(data: data, name: "paths.plist").loadBatch().properties
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let pairs = try #require(PropertyValueBridging.sortedTopLevel(plist))
        let bridged = try pairs.map { pair in
            (pair.key, try PropertyValueBridging.propertyValue(from: pair.value, key: pair.key, source: "paths.plist"))
        }
        return (loader, bridged)
    }

    private func expectSameResult(
        _ data: Data, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (loader, bridged) = try bothPaths(data)
        #expect(loader.map(\.key) == bridged.map(\.0), comment, sourceLocation: sourceLocation)
        for (property, (key, value)) in zip(loader, bridged) where property.value != value {
            Issue.record("\(key): loader \(property.value), bridged \(value)", sourceLocation: sourceLocation)
        }
    }

    private func xml(_ members: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(members)</dict></plist>
            """.utf8)
    }

    @Test func everyKindOfValueReadsAlike() throws {
        let url = try #require(Fixtures.url("properties", "plist"))
        try expectSameResult(try Data(contentsOf: url))
    }

    @Test func numbersReadAlike() throws {
        let values = [
            "<integer>0</integer>", "<integer>-9223372036854775808</integer>", "<integer>9223372036854775807</integer>",
            "<integer>18446744073709551615</integer>", "<integer>-1</integer>", "<real>1.0</real>", "<real>1.5</real>",
            "<real>-0.0</real>", "<real>1e300</real>", "<real>nan</real>", "<real>inf</real>", "<real>-inf</real>",
            "<real>9223372036854775808.0</real>", "<real>0.1</real>", "<true/>", "<false/>",
        ]
        let members = values.enumerated().map { "<key>n\($0.offset)</key>\($0.element)" }.joined()
        try expectSameResult(xml(members))
    }

    @Test func stringsAndKeysReadAlike() throws {
        let strings = [
            "", "plain", "caf\u{E9}", "cafe\u{301}", "\u{1F600} emoji", "\u{4E2D}\u{6587}", "&amp;&lt;&gt;&quot;",
            "&#x1F600;", "a&#0;b", "<![CDATA[<not a tag>]]>", "  spaced  ", "line\nbreak",
        ]
        let members = strings.enumerated().map { "<key>k\($0.offset)\($0.element)</key><string>\($0.element)</string>" }
        try expectSameResult(xml(members.joined() + "<key>empty</key><string/>"))
    }

    @Test func aLoneSurrogateIsRejectedByTheParserItself() throws {
        let data = xml("<key>k</key><string>&#xD800;</string>")
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(data: data, name: "surrogate.plist").loadBatch().properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.message.contains("Unicode"))
        #expect(throws: (any Error).self) {
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        }
    }

    @Test func nestedContainersReadAlike() throws {
        var deep = "<integer>1</integer>"
        for level in 0..<40 { deep = level % 2 == 0 ? "<array>\(deep)</array>" : "<dict><key>d</key>\(deep)</dict>" }
        let members = """
            <key>emptyDict</key><dict/><key>emptyArray</key><array/>
            <key>tables</key><array><dict><key>b</key><integer>2</integer><key>a</key><string>x</string></dict>
            <dict/></array>
            <key>dates</key><array><date>2024-03-01T12:30:00Z</date><date>1900-01-01T00:00:00Z</date></array>
            <key>data</key><array><data>AAEC</data><data></data></array>
            <key>deep</key>\(deep)
            """
        try expectSameResult(xml(members))
    }

    @Test func binaryPropertyListsReadAlike() throws {
        let dictionary: [String: Any] = [
            "int": 42, "negative": -7, "large": Int64.max, "unsigned": UInt64.max, "double": 2.5, "whole": 3.0,
            "float": Float(1.25), "bool": true, "string": "caf\u{E9} \u{1F600}", "date": Date(timeIntervalSince1970: 0),
            "data": Data([1, 2, 3]), "array": [1, "two", 3.5] as [Any], "nested": ["inner": ["x": 1]] as [String: Any],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        try expectSameResult(data)
    }

    /// Found by the differential `plist` fuzz target: a binary plist can hold a date whose time
    /// is NaN or infinite, which names no point in time. Both paths refuse it, naming the key; a
    /// finite date far outside the calendar reads alike.
    @Test func aNaNOrInfiniteDateIsRefusedOnBothPaths() throws {
        let far: [String: Any] = ["far": Date(timeIntervalSinceReferenceDate: 1e300)]
        try expectSameResult(try PropertyListSerialization.data(fromPropertyList: far, format: .binary, options: 0))
        for seconds in [Double.nan, .infinity, -.infinity] {
            let dates: [String: Any] = ["when": Date(timeIntervalSinceReferenceDate: seconds)]
            let data = try PropertyListSerialization.data(fromPropertyList: dates, format: .binary, options: 0)
            let error = try #require(throws: PropertyLoaderError.self) { try bothPaths(data) }
            #expect(error.code == .unsupportedValue)
            #expect(error.description.hasPrefix("paths.plist: property \"when\" is a date of \(seconds) seconds"))
            #expect(throws: PropertyLoaderError.unsupportedValue) {
                try PropertyValueBridging.propertyValue(from: dates["when"] as Any, key: "when", source: "paths.plist")
            }
        }
        let nan = PropertyValue.timestamp(Date(timeIntervalSinceReferenceDate: .nan))
        #expect(nan == nan)
        #expect(nan != .timestamp(Date(timeIntervalSinceReferenceDate: 0)))
    }

    @Test func aGeneratedConfigurationReadsAlike() throws {
        var members = ""
        for section in 0..<30 {
            members += "<key>section_\(section)</key><dict>"
            for leaf in 0..<25 {
                members += "<key>leaf_\(leaf)_\(String(repeating: "x", count: leaf))</key>"
                switch leaf % 5 {
                case 0: members += "<string>value-\(section)-\(leaf)</string>"
                case 1: members += "<integer>\(section * 7919 - leaf)</integer>"
                case 2: members += "<real>\(Double(section) + Double(leaf) / 8)</real>"
                case 3: members += leaf % 2 == 0 ? "<true/>" : "<false/>"
                default: members += "<array><integer>\(leaf)</integer><string>s\(section)</string></array>"
                }
            }
            members += "</dict>"
        }
        try expectSameResult(xml(members))
    }

    @Test func malformedXMLNamesTheProblemAndItsLine() throws {
        let text = "<plist version=\"1.0\"><dict>\n<key>a</key>\n<integr>3</integer></dict></plist>"
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(string: text, name: "bad.plist").loadBatch().properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.description == "bad.plist: not a valid property list: Encountered unknown tag integr on line 3")
        #expect(throws: (any Error).self) {
            try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        }
    }

    @Test func topLevelKindsAreNamed() throws {
        let cases = [
            ("<string>x</string>", "a string"), ("<array/>", "an array"), ("<integer>1</integer>", "a number"),
            ("<true/>", "a boolean"), ("<data>AA==</data>", "data"), ("<date>2024-03-01T12:30:00Z</date>", "a date"),
        ]
        for (body, kind) in cases {
            let text = "<plist version=\"1.0\">\(body)</plist>"
            let error = try #require(throws: PropertyLoaderError.self) {
                try PlistPropertyLoader(string: text, name: "top.plist").loadBatch().properties
            }
            #expect(error.code == .invalidTopLevel)
            #expect(error.message == "top level is \(kind), expected a dictionary")
        }
    }
}
