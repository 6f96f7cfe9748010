import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct PlistLoaderTests {
    @Test func loadsBundleResourceWithEveryValueKind() throws {
        let container = Container()
        try container.applyPropertyLoader(PlistPropertyLoader(bundle: Fixtures.bundle, name: "properties"))
        #expect(container.property("name") == "Mike")
        #expect(container.property("count") == 100)
        #expect(container.property("ratio") == 0.5)
        #expect(container.property("enabled") == true)
        let enabledAsInt: Int? = container.property("enabled")
        #expect(enabledAsInt == nil)
        #expect(container.property("launched") == Date(timeIntervalSince1970: 1_709_296_200))
        #expect(container.property("blob") == Data([0, 1, 2]))
        #expect(container.property("items") == ["a", "b"])
        #expect(container.property("server.port") == 8080)
        let server: [String: Any]? = container.property("server")
        #expect(server?["host"] as? String == "localhost")
    }

    @Test func keysAreSortedByTheirBytesAtEveryLevel() throws {
        let keys = ["zeta", "display_name_10", "é", "display_name_2", "Alpha", "display_name_1", "", "a"]
        let nested = keys.map { "<key>\($0)</key><integer>1</integer>" }.joined()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(nested)<key>inner</key><dict>\(nested)</dict></dict></plist>
            """
        let expected = ["", "Alpha", "a", "display_name_1", "display_name_10", "display_name_2", "zeta", "é"]
        let properties = try PlistPropertyLoader(string: text, name: "order.plist").loadBatch().properties
        #expect(properties.map(\.key) == (expected + ["inner"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let inner = try #require(properties.first { $0.key == "inner" })
        guard case .table(let table) = inner.value else {
            Issue.record("inner is \(inner.value), expected a table")
            return
        }
        #expect(table.entries.map(\.key) == expected)
    }

    @Test func loadsFromURLAndString() throws {
        let url = try #require(Fixtures.url("properties", "plist"))
        let container = Container()
        try container.applyPropertyLoader(PlistPropertyLoader(url: url))
        #expect(container.property("name") == "Mike")
        #expect(container.propertySource(for: "name")?.name == url.path)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>team</key><string>Giants</string></dict></plist>
            """
        try container.applyPropertyLoader(PlistPropertyLoader(string: text, name: "inline.plist"))
        #expect(container.property("team") == "Giants")
        #expect(container.propertySource(for: "team")?.description == "inline.plist")
    }

    @Test func binaryPlistLoads() throws {
        let dictionary: [String: Any] = ["answer": 42, "flag": false]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        let container = Container()
        try container.applyPropertyLoader(PlistPropertyLoader(data: data))
        #expect(container.property("answer") == 42)
        #expect(container.property("flag") == false)
    }

    @Test func nonDictionaryTopLevelIsRejected() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><string>x</string></array></plist>
            """
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(string: text, name: "list.plist").loadBatch().properties
        }
        #expect(error.code == .invalidTopLevel)
        #expect(error.description == "list.plist: top level is an array, expected a dictionary")
    }

    @Test func corruptBinaryPlistIsRejected() throws {
        var data = Data("bplist00".utf8)
        data.append(contentsOf: [0xD1, 0x01, 0x02, 0xFF, 0xFF])
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(data: data, name: "corrupt.plist").loadBatch().properties
        }
        #expect([PropertyLoaderError.Code.malformedContent, .invalidTopLevel].contains(error.code))
        #expect(error.description.hasPrefix("corrupt.plist: "))
    }

    @Test func malformedXMLIsMalformedContent() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(string: "<plist><dict><key>a</key></plist>", name: "bad.plist").loadBatch()
                .properties
        }
        #expect(error.code == .malformedContent)
        #expect(error.description.hasPrefix("bad.plist: not a valid property list"))
    }
}
