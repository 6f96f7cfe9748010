import Testing

@testable import PropertyFormats

/// A container reserves room for as many members as the sibling closed before it, beyond the
/// first 256 only once it has grown that far: the members, their order, the key index and the
/// duplicate check must not depend on how the room was made.
@Suite struct JSONSiblingCapacityTests {
    /// An object of `count` members `k<i>` = `i`, then `extra` written as is.
    private static func object(_ count: Int, extra: String = "") -> String {
        "{" + (0..<count).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + extra + "}"
    }

    private static func members(_ node: PropertyNode?) -> PropertyTable? {
        guard case .table(let table) = node?.value else { return nil }
        return table
    }

    @Test func siblingsSmallerAndLargerThanTheOneBeforeKeepEveryMember() throws {
        let sizes = [1_000, 300, 2_000, 257, 256, 20]
        let document =
            "{"
            + sizes.enumerated().map { #""t\#($0.offset)": "# + Self.object($0.element) }
            .joined(separator: ", ") + "}"
        let root = try #require(Self.members(try JSONParser.parse(document)))
        for (offset, size) in sizes.enumerated() {
            let table = try #require(Self.members(root["t\(offset)"]))
            #expect(table.count == size)
            #expect(table.keys == (0..<size).map { "k\($0)" })
            #expect(table["k\(size - 1)"]?.value == .integer(Int64(size - 1)))
            #expect(table["k\(size)"] == nil)
            #expect(table.keyIndex != nil)
        }
    }

    // The key index is made larger when the object reaches 256 members: a key repeated after
    // that, of a key before it, is still a duplicate naming the first line.
    @Test func aDuplicateAfterTheObjectGrewPastItsFirstRoomIsReported() throws {
        let document = "{\"a\": " + Self.object(600) + ",\n\"b\": " + Self.object(600, extra: ",\n\"k3\": 0") + "}"
        let error = #expect(throws: ParseError.self) { try JSONParser.parse(document) }
        #expect(error?.code == .duplicateKey)
        #expect(error?.position.line == 3)
        #expect(error?.message.contains("\"k3\"") == true)
        #expect(error?.message.contains("first defined at line 2") == true)
    }

    // The same in arrays: elements keep their order whatever the sibling before reserved.
    @Test func arraysAfterALargerSiblingKeepTheirElements() throws {
        let sizes = [900, 400, 10, 1_500]
        let document =
            "["
            + sizes.map { size in "[" + (0..<size).map(String.init).joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
        guard case .array(let arrays) = try JSONParser.parse(document).value else {
            Issue.record("not an array")
            return
        }
        #expect(arrays.count == sizes.count)
        for (array, size) in zip(arrays, sizes) {
            guard case .array(let elements) = array.value else {
                Issue.record("not an array")
                continue
            }
            #expect(elements.map(\.value) == (0..<size).map { PropertyValue.integer(Int64($0)) })
        }
    }

    @Test func anIndexMadeLargerFindsEveryKeyItHeld() {
        let keys = (0..<300).map { "key_\($0)" }
        var index = FingerprintIndex(minimumCapacity: 16)
        for (offset, key) in keys.prefix(200).enumerated() {
            _ = index.offsetOrInsert(ExactKey.fingerprint(of: key), offset: offset) { keys[$0] == key }
        }
        index.reserveCapacity(5_000)
        #expect(index.slots.count >= 10_000)
        index.reserveCapacity(10)
        #expect(index.slots.count >= 10_000)
        for (offset, key) in keys.enumerated() {
            let found = index.offsetOrInsert(ExactKey.fingerprint(of: key), offset: offset) { keys[$0] == key }
            #expect(found == (offset < 200 ? offset : nil))
        }
        #expect(index.count == 300)
    }
}
