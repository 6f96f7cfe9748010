import PropertyFormats
import Testing

/// A large object (16 members or more) checks its keys for duplicates when it closes; the error
/// must be the one a check at each key reports: the first repeated key in reading order, even
/// when another error, or a duplicate in an object around or inside it, comes later.
@Suite struct JSONLargeObjectDuplicateTests {
    /// Members `"k<i>": <i>` for `range`, one per line, each followed by a comma.
    private static func members(_ range: Range<Int>) -> String {
        range.map { "\"k\($0)\": \($0),\n" }.joined()
    }

    private static func error(_ text: String, options: JSONParser.Options = .init()) -> ParseError? {
        #expect(throws: ParseError.self) { try JSONParser.parse(text, options: options) }
    }

    @Test func aRepeatedKeyInALargeObjectNamesBothLines() {
        // Line 1 is "{", k<i> is on line i + 2.
        let error = Self.error("{\n" + Self.members(0..<40) + "\"k7\": true\n}")
        #expect(error?.code == .duplicateKey)
        #expect(error?.position == SourcePosition(line: 42, column: 1))
        #expect(error?.relatedPosition == SourcePosition(line: 9, column: 1))
        #expect(error?.message == "duplicate key \"k7\" (first defined at line 9)")
    }

    @Test func theDuplicateIsReportedBeforeALaterSyntaxError() {
        let error = Self.error("{\n" + Self.members(0..<30) + "\"k3\": 1,\n\"x\": [1, 2,]\n}")
        #expect(error?.code == .duplicateKey)
        #expect(error?.position.line == 32)
    }

    @Test func theDuplicateIsReportedBeforeTheEndOfInput() {
        let error = Self.error("{\n" + Self.members(0..<30) + "\"k3\": \"unterminated")
        #expect(error?.code == .duplicateKey)
        #expect(error?.position.line == 32)
    }

    // The repeated key's value is an object with its own duplicate, found later.
    @Test func aRepeatedKeyComesBeforeADuplicateInsideItsValue() {
        let inner = "{\"a\": 1, \"a\": 2}"
        let error = Self.error("{\n" + Self.members(0..<20) + "\"k5\": \(inner)\n}")
        #expect(error?.position.line == 22)
        #expect(error?.message.contains("\"k5\"") == true)
    }

    // The inner large object closes, with its duplicate, before the outer one repeats a key.
    @Test func aDuplicateInsideANestedLargeObjectComesFirst() {
        let inner = "{\n" + Self.members(0..<20) + "\"k1\": 0\n}"
        let text = "{\n" + Self.members(100..<120) + "\"inner\": \(inner),\n\"k100\": 1\n}"
        let error = Self.error(text)
        #expect(error?.message.contains("\"k1\"") == true)
        #expect(error?.position.line == 43)
    }

    // The outer large object repeats a key before a nested large object with its own duplicate.
    @Test func anOuterDuplicateBeforeANestedLargeObjectComesFirst() {
        let inner = "{\n" + Self.members(0..<20) + "\"k1\": 0\n}"
        let text = "{\n" + Self.members(100..<120) + "\"k100\": 1,\n\"inner\": \(inner)\n}"
        let error = Self.error(text)
        #expect(error?.message.contains("\"k100\"") == true)
        #expect(error?.position.line == 22)
        #expect(error?.relatedPosition?.line == 2)
    }

    @Test func canonicallyEquivalentKeysInALargeObjectAreOneKey() {
        let error = Self.error("{\n" + Self.members(0..<20) + "\"\u{E9}\": 1,\n\"e\u{301}\": 2\n}")
        #expect(error?.code == .duplicateKey)
        #expect(error?.position.line == 23)
        #expect(error?.message.contains("differ only in Unicode normalization") == true)
    }

    @Test func useLastStillReplacesInALargeObject() throws {
        let text = "{\n" + Self.members(0..<40) + "\"k7\": \"last\"\n}"
        guard case .table(let table) = try JSONParser.parse(text, options: .init(duplicateKeys: .useLast)).value else {
            Issue.record("not a table")
            return
        }
        #expect(table.count == 40)
        #expect(table["k7"]?.value == .string("last"))
        #expect(table.entries[7].key == "k7")
    }

    // Sibling large objects reuse one reader frame: keys of the first are not duplicates in
    // the second, and a duplicate in the second is still found.
    @Test func siblingLargeObjectsAreCheckedEachOnItsOwn() throws {
        let first = "{" + Self.members(0..<30) + "\"end\": 0}"
        let second = "{" + Self.members(0..<30) + "\"end\": 0}"
        #expect(throws: Never.self) { try JSONParser.parse("[\(first), \(second)]") }
        let repeated = "{" + Self.members(0..<30) + "\"k29\": 0}"
        let error = Self.error("[\(first),\n\(repeated)]")
        #expect(error?.message.contains("\"k29\"") == true)
    }

    // The reader's frames grow with the depth: a large object 60 levels down, opened after
    // siblings at every level, still reports its duplicate, and the same document without it
    // reads back whole.
    @Test func aDuplicateDeepInsideNestedObjectsIsReported() throws {
        let depth = 60
        func document(_ last: String) -> String {
            var text = ""
            for level in 0..<depth { text += "{\"s\": [\(level)], \"n\": " }
            text += "{\n" + Self.members(0..<20) + last + "\n}"
            return text + String(repeating: "}", count: depth)
        }
        let error = Self.error(document("\"k3\": 0"))
        #expect(error?.message.contains("\"k3\"") == true)
        #expect(error?.position.line == 22)
        var node = try JSONParser.parse(document("\"end\": 0"))
        for level in 0..<depth {
            guard case .table(let table) = node.value, let next = table["n"] else {
                Issue.record("no member n at level \(level)")
                return
            }
            #expect(table["s"]?.value == .array([PropertyNode(.integer(Int64(level)))]))
            node = next
        }
        guard case .table(let innermost) = node.value else {
            Issue.record("not a table")
            return
        }
        #expect(innermost.count == 21)
    }
}
