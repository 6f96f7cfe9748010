import PropertyFormats
import Testing

// The README's PropertyFormats sample, verbatim.
struct FormatsReadmeDocSamples {
    func parseServerTable() throws -> PropertyTable {
        try TOMLParser.parse("[server]\nhost = \"localhost\"\nport = 8080\n")
    }
}

@Suite struct FormatsReadmeDocSampleTests {
    @Test func serverTableParses() throws {
        let table = try FormatsReadmeDocSamples().parseServerTable()
        #expect(table.keys == ["server"])
    }
}
