import Foundation
import PropertyFormats
import Testing

/// Values, comments and positions read by ``JSONParser``.
@Suite struct JSONParserTests {
    static let expectedA = PropertyNode(.table(PropertyTable([.init(key: "a", node: PropertyNode(.integer(1)))])))

    @Test(
        arguments: [
            "// line comment\n{\"a\": 1}",
            "{\"a\": 1} // line comment",
            "{\"a\": 1}// no line break at the end",
            "{\"a\": 1}//",
            "/* block */{\"a\": 1}",
            "{\"a\": 1}/* block */",
            "{\"a\": 1}/**/",
            "/** doc comment **/ {\"a\": 1}",
            "/*/ still inside */ {\"a\": 1}",
            "/*\n * several\n * lines\n */\n{\"a\": 1}\n",
            "{/*c*/\"a\"/*c*/:/*c*/1/*c*/}",
            "{\"a\"://c\n1}",
            "{\r\n  // CRLF line comment\r\n  \"a\": 1 /* CRLF\r\n block */\r\n}\r\n",
            "{\"a\": 1} /* a */ // b\n/* c */",
        ]
    )
    func commentsAreWhitespace(text: String) throws {
        #expect(try JSONParser.parse(text) == Self.expectedA)
    }

    @Test func commentMarkersInsideStringsAreText() throws {
        let root = try JSONParser.parse(
            ##"{"a": "// not a comment", "b": "/* nor this */", "c": "http://example.com/*", "d": "#x"} // real"##
        )
        let table = try #require(root.jsonTable)
        #expect(table["a"]?.value == .string("// not a comment"))
        #expect(table["b"]?.value == .string("/* nor this */"))
        #expect(table["c"]?.value == .string("http://example.com/*"))
        #expect(table["d"]?.value == .string("#x"))
    }

    @Test func scalarsStayDistinct() throws {
        let root = try JSONParser.parse(
            """
            [1, 1.0, true, "1", null, 1e2, -0, 0.5E-1, 9223372036854775807, -9223372036854775808,
             9223372036854775808, -9223372036854775809, 123456789012345678901234567890, 1E400, -1e400, 1e-400,
             false, -0.0, 1.7976931348623157e308, 5e-324, 0.1, 3.141592653589793238462643383279]
            """
        )
        let expected: [PropertyValue] = [
            .integer(1), .float(1), .bool(true), .string("1"), .null, .float(100), .integer(0), .float(0.05),
            .integer(.max), .integer(.min),
            .bigInteger("9223372036854775808"), .bigInteger("-9223372036854775809"),
            .bigInteger("123456789012345678901234567890"), .float(.infinity), .float(-.infinity), .float(0),
            .bool(false), .float(-0.0), .float(.greatestFiniteMagnitude), .float(.leastNonzeroMagnitude), .float(0.1),
            .float(3.141592653589793),
        ]
        let elements = try #require(root.jsonArray)
        #expect(elements.map(\.value) == expected)
        #expect(elements[1].value != elements[0].value)
        #expect(elements[2].value != elements[0].value)
        if case .float(let negativeZero) = elements[17].value { #expect(negativeZero.sign == .minus) }
    }

    @Test(arguments: [
        ("0.1", 0.1), ("1.5e3", 1500), ("-2.25", -2.25), ("123456.789e-3", 123.456789),
        ("0.000001", 1e-6), ("1e22", 1e22), ("1e23", 1e23), ("9007199254740993.0", 9007199254740993.0),
        ("0.30000000000000004", 0.30000000000000004),
        ("100000000000000000000000.5", 100000000000000008388608.0),
    ])
    func floatsAreCorrectlyRounded(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text).value == .float(expected))
        #expect(try JSONParser.parse(text).value == .float(Double(text) ?? .nan))
    }

    @Test func escapesAreDecoded() throws {
        let root = try JSONParser.parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00\u0000x", "plain é 😀"]"#)
        let elements = try #require(root.jsonArray)
        #expect(elements[0].value == .string("\"\\/\u{8}\u{C}\n\r\tAé😀\u{0}x"))
        #expect(elements[1].value == .string("plain é 😀"))
    }

    @Test func keysKeepTheirOrder() throws {
        let root = try JSONParser.parse(#"{"z": 1, "a": 2, "m": {"y": 1, "b": 2}, "é": 3, "ü": 4}"#)
        let table = try #require(root.jsonTable)
        #expect(table.keys == ["z", "a", "m", "é", "ü"])
        #expect(try #require(table["m"]?.jsonTable).keys == ["y", "b"])
    }

    @Test func anyValueMayBeTheTopLevel() throws {
        #expect(try JSONParser.parse(" 42 ").value == .integer(42))
        #expect(try JSONParser.parse("\"text\"").value == .string("text"))
        #expect(try JSONParser.parse("null").value == .null)
        #expect(try JSONParser.parse("[]").value == .array([]))
        #expect(try JSONParser.parse("{}").value == .table(PropertyTable()))
    }

    @Test func stringDataAndBytesGiveTheSameTree() throws {
        let text = #"{"a": [1, 2.5, "x", {"b": null}], "c": true}"#
        let fromString = try JSONParser.parse(text)
        let fromData = try JSONParser.parse(Data(text.utf8))
        let fromBytes = try Array(text.utf8).withUnsafeBytes { bytes throws(ParseError) in
            try JSONParser.parse(bytes)
        }
        #expect(fromString == fromData)
        #expect(fromString == fromBytes)
    }

    @Test func positionsCountScalarsAcrossCRLFEmojiAndAccents() throws {
        let text =
            "// header comment ✓\r\n{\r\n  \"name\": \"café\", /* é */ \"n\": 1,\r\n"
            + "  \"e\u{301}😀\": 3, // 👍🏽 é\r\n  \"list\": [true, null, 1.5, -2, 12345678901234567890]\r\n}\r\n"
        let root = try JSONParser.parse(text)
        #expect(root.position == SourcePosition(line: 2, column: 1))
        let table = try #require(root.jsonTable)
        let positions = table.entries.map { [$0.keyPosition, $0.node.position] }
        #expect(table.keys == ["name", "n", "e\u{301}😀", "list"])
        #expect(
            positions == [
                [.init(line: 3, column: 3), .init(line: 3, column: 11)],
                [.init(line: 3, column: 27), .init(line: 3, column: 32)],
                [.init(line: 4, column: 3), .init(line: 4, column: 10)],
                [.init(line: 5, column: 3), .init(line: 5, column: 11)],
            ]
        )
        #expect(table["name"]?.value == .string("café"))
        #expect(table["e\u{301}😀"]?.value == .integer(3))
        let list = try #require(table["list"]?.jsonArray)
        #expect(list.map(\.position.column) == [12, 18, 24, 29, 33])
        #expect(list.map(\.position.line) == [5, 5, 5, 5, 5])
        #expect(list[4].value == .bigInteger("12345678901234567890"))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)))
        #expect(root == Self.expectedA)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(root.jsonTable?.entries.first?.keyPosition == SourcePosition(line: 1, column: 2))
    }

    @Test func duplicateKeysUseLastKeepsOneEntryInPlace() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}"
        let table = try #require(try JSONParser.parse(text, options: .init(duplicateKeys: .useLast)).jsonTable)
        #expect(table.keys == ["a", "b"])
        #expect(table["a"]?.value == .integer(3))
        #expect(table.entries[0].keyPosition == SourcePosition(line: 4, column: 3))
        #expect(table.entries[0].node.position == SourcePosition(line: 4, column: 8))
    }

    @Test func duplicateKeysInLargeObjects() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        let text = "{\n" + members + ",\n\"k5\": -1, \"k99\": -2}"
        let table = try #require(try JSONParser.parse(text, options: .init(duplicateKeys: .useLast)).jsonTable)
        #expect(table.count == 100)
        #expect(table["k5"]?.value == .integer(-1))
        #expect(table["k99"]?.value == .integer(-2))
        #expect(table.keys.last == "k99")
        do {
            _ = try JSONParser.parse(text)
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.code == .duplicateKey)
            #expect(error.message == #"duplicate key "k5" (first defined at line 7)"#)
            #expect(error.position == SourcePosition(line: 102, column: 1))
            #expect(error.relatedPosition == SourcePosition(line: 7, column: 1))
        }
    }

    /// Keys compare as `String`s do, as in the property store and `[String: Any]` sections:
    /// canonically equivalent spellings are one key, in small and large objects alike, and the
    /// message says how the two spellings differ.
    @Test func canonicallyEquivalentKeysAreOneKey() throws {
        for prefix in ["", (0..<20).map { "\"x\($0)\": 0, " }.joined()] {
            let accents = "{" + prefix + #""é": 1, "e\u0301": 2}"#
            let error = try #require(JSONParserErrorTests.error(Array(accents.utf8)))
            #expect(error.code == .duplicateKey)
            #expect(
                error.message.hasSuffix(
                    "the two spellings differ only in Unicode normalization, and keys compare as Swift strings do)"))
            let table = try #require(try JSONParser.parse(accents, options: .init(duplicateKeys: .useLast)).jsonTable)
            #expect(table["é"]?.value == .integer(2))
            #expect(table.count == (prefix.isEmpty ? 1 : 21))
        }
        // The Kelvin sign is canonically `K`.
        #expect(JSONParserErrorTests.error(Array(#"{"K": 1, "\u212A": 2}"#.utf8))?.code == .duplicateKey)
        #expect(JSONParserErrorTests.error(Array(#"{"K": 1, "k": 2}"#.utf8)) == nil)
    }

    @Test func escapedAndPlainSpellingsOfAKeyAreTheSameKey() throws {
        let small = #"{"ab": 1, "a\u0062": 2}"#
        let large = "{" + (0..<40).map { "\"key\($0)\": \($0), " }.joined() + #""key7": 1, "k\u0065y7": 2}"#
        for (text, key) in [(small, "ab"), (large, "key7")] {
            let error = try #require(JSONParserErrorTests.error(Array(text.utf8)))
            #expect(error.code == .duplicateKey)
            let table = try #require(try JSONParser.parse(text, options: .init(duplicateKeys: .useLast)).jsonTable)
            #expect(table[key]?.value == .integer(2))
        }
    }

    @Test func repeatedKeysInManyObjectsKeepTheirSpelling() throws {
        // Thousands of distinct keys pass through the reader's key cache; every one must come back exactly.
        let objects = (0..<3_000).map { #"{"id": \#($0), "name\#($0 % 700)": "v", "\#($0 % 997)x": true}"# }
        let root = try JSONParser.parse("[" + objects.joined(separator: ",") + "]")
        let elements = try #require(root.jsonArray)
        for (offset, element) in elements.enumerated() {
            #expect(element.jsonTable?.keys == ["id", "name\(offset % 700)", "\(offset % 997)x"])
        }
    }

    @Test func sameKeyInDifferentObjectsIsNotADuplicate() throws {
        let root = try JSONParser.parse(#"{"a": {"a": 1}, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}"#)
        #expect(root.jsonTable?.count == 3)
    }

    @Test func deepButAllowedNestingParses() throws {
        let depth = 128
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var node = try JSONParser.parse(text)
        var levels = 0
        while case .array(let elements) = node.value, let first = elements.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
        #expect(node.value == .integer(1))
    }
}

extension PropertyNode {
    var jsonTable: PropertyTable? {
        if case .table(let table) = value { return table }
        return nil
    }

    var jsonArray: [PropertyNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }
}
