import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite("Text sources: sections and Decodable")
struct TextDecodingTests {
    struct Server: Decodable, Equatable {
        var host: String
        var port: Int
        var debug: Bool
        var ratio: Double?
        var tags: [String]
        var color: Color
    }

    struct Pool: Decodable, Equatable {
        var poolSize: Int
        var timeout: Double
    }

    @Test("a Decodable section mixes typed and text members")
    func mixedSection() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"server": {"host": "localhost", "port": 80, "tags": ["a"]}}"#))
        try container.applyPropertyLoader(
            TextValuesLoader(values: [
                ("server.port", "7777"), ("server.debug", "on"), ("server.tags", "x, y"), ("server.color", "red"),
            ]))
        let expected = Server(host: "localhost", port: 7777, debug: true, ratio: nil, tags: ["x", "y"], color: .red)
        #expect(container.property("server", as: Server.self) == expected)
        #expect(try container.requiredProperty("server", as: Server.self) == expected)
        // Text stays text when text is asked for.
        let strings: [String: String]? = container.property("server")
        #expect(strings?["port"] == "7777")
    }

    @Test("a key-decoding strategy applies to text members")
    func snakeCase() throws {
        let container = try textContainer([("pool.pool_size", "25"), ("pool.timeout", "1.5")])
        let pool = container.property("pool", as: Pool.self, keyDecodingStrategy: .convertFromSnakeCase)
        #expect(pool == Pool(poolSize: 25, timeout: 1.5))
    }

    @Test("a dictionary of a section converts each text member")
    func dictionary() throws {
        let container = try textContainer([("limits.a", "1"), ("limits.b", "2")])
        #expect(container.property("limits") == ["a": 1, "b": 2])
        #expect(container.property("limits") == ["a": "1", "b": "2"])
    }

    /// Asks every value for a table, then a list, then a scalar, as generic decoders do.
    indirect enum AnyShape: Decodable, Equatable {
        case list([AnyShape])
        case text(String)

        init(from decoder: any Decoder) throws {
            if var unkeyed = try? decoder.unkeyedContainer() {
                var elements: [AnyShape] = []
                while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(AnyShape.self)) }
                self = .list(elements)
            } else {
                self = .text(try decoder.singleValueContainer().decode(String.self))
            }
        }
    }

    struct Mixed: Decodable, Equatable {
        var count: Int
        var rest: AnyShape
    }

    @Test("a list item is never split again, so a decoder of any shape ends")
    func listsDoNotNest() throws {
        // `count` needs the text rules, so the whole section decodes with them, `rest` included.
        let container = try textContainer([("m.count", "2"), ("m.rest", "x,y"), ("b", #"1\,2,3"#)])
        #expect(container.property("m", as: Mixed.self) == Mixed(count: 2, rest: .list([.text("x"), .text("y")])))
        #expect(container.property("b", as: [[Int]].self) == nil)
        #expect(container.property("b", as: [String].self) == ["1,2", "3"])
        // Where the typed table succeeds it is the answer: a text stays a text.
        #expect(container.property("m.rest", as: AnyShape.self) == .text("x,y"))
    }

    @Test("a member that does not convert names the field, the value and the source")
    func failingMember() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"pool": {"timeout": 2}}"#, name: "app.json"))
        try container.applyPropertyLoader(TextValuesLoader(values: [("pool.pool_size", "many")]))
        let error = #expect(throws: PropertyError.typeMismatch) {
            try container.requiredProperty(
                "pool", as: Pool.self, keyDecodingStrategy: .convertFromSnakeCase, fileID: "App/Setup.swift", line: 9)
        }
        #expect(
            error?.description
                == #"App/Setup.swift:9: property "pool" cannot be decoded as "#
                + #"SwinjectPropertyLoaderTests.TextDecodingTests.Pool: pool.poolSize: expected Int, "#
                + #"found string "many" (text source pool.pool_size)"#)
    }
}
