import PropertyFormats
import Testing

// The Swift samples of Sources/PropertyFormats/Documentation.docc, verbatim
// (Scripts/check-doc-samples.py checks that each appears in a test file), in a namespace struct;
// the tests below run them through the public API only.
struct FormatsDocSamples {
    func parseAPIObject() throws -> PropertyNode {
        try JSONParser.parse(
            """
            {
              // where the API lives
              "api": { "baseURL": "https://example.com", "timeout": 2.5 }
            }
            """)
    }

    func readPort() throws -> Int64? {
        let table = try TOMLParser.parse("[server]\nport = 8080\n")
        guard case .table(let server) = table["server"]?.value else { return nil }
        guard case .integer(let port) = server["port"]?.value else { return nil }
        return port
    }

    func parseWithStrictLimits(_ text: String) throws -> PropertyNode {
        let strict = ParseLimits(maxDepth: 16, maxInputBytes: 1 << 20, maxKeys: 10_000, maxStringBytes: 64 << 10)
        return try JSONParser.parse(text, options: .init(limits: strict))
    }
}

@Suite struct FormatsDocSampleTests {
    let samples = FormatsDocSamples()

    @Test func landingSampleParses() throws {
        guard case .table(let root) = try samples.parseAPIObject().value else {
            Issue.record("the root is not a table")
            return
        }
        #expect(root.keys == ["api"])
        #expect(root["api"]?.position == SourcePosition(line: 3, column: 10))
    }

    @Test func valueModelReadsThePort() throws {
        #expect(try samples.readPort() == 8080)
    }

    @Test func strictLimitsStopDeepNesting() throws {
        #expect(try samples.parseWithStrictLimits(#"{ "a": [1, 2] }"#) != PropertyNode(.null))
        let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        let error = try #require(throws: ParseError.self) { try samples.parseWithStrictLimits(deep) }
        #expect(error.code == .nestingTooDeep)
    }
}
