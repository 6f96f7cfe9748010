import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

/// A loader whose values are text, as the environment's are: every value a string from a source
/// with `valuesAreText`.
struct TextValuesLoader: PropertyBatchLoader {
    let values: [(String, String)]
    var sourceName = "text source"

    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        for (key, value) in values {
            batch.set(
                key, to: .string(value), source: PropertySource(name: "\(sourceName) \(key)", valuesAreText: true))
        }
        return batch
    }
}

func textContainer(_ values: [(String, String)]) throws -> Container {
    let container = Container()
    try container.applyPropertyLoader(TextValuesLoader(values: values))
    return container
}

enum Color: String, Decodable {
    case red, green
}

@Suite("Text sources: values convert on request")
struct TextConversionTests {
    @Test("integers of every width, with a sign and surrounding blanks")
    func integers() throws {
        let container = try textContainer([("a", "30"), ("b", "-7"), ("c", " +12\n"), ("d", "255"), ("e", "256")])
        #expect(container.property("a") == 30)
        #expect(container.property("b", as: Int8.self) == -7)
        #expect(container.property("c", as: Int64.self) == 12)
        #expect(container.property("d", as: UInt8.self) == 255)
        #expect(container.property("e", as: UInt8.self) == nil)
        #expect(container.property("a", as: UInt.self) == 30)
        #expect(container.property("a", as: Int16.self) == 30)
        #expect(container.property("a", as: Int32.self) == 30)
        #expect(container.property("a", as: UInt16.self) == 30)
        #expect(container.property("a", as: UInt32.self) == 30)
        #expect(container.property("a", as: UInt64.self) == 30)
    }

    @Test("floating-point and decimal numbers")
    func floatingPoint() throws {
        let container = try textContainer([("a", "1.5"), ("b", "-2e3"), ("c", "1e39"), ("d", "inf"), ("e", "1.5x")])
        #expect(container.property("a") == 1.5)
        #expect(container.property("b", as: Double.self) == -2000)
        #expect(container.property("a", as: Float.self) == 1.5)
        #expect(container.property("c", as: Float.self) == nil)
        #expect(container.property("d", as: Double.self) == .infinity)
        #expect(container.property("a", as: Decimal.self) == Decimal(string: "1.5"))
        #expect(container.property("b", as: Decimal.self) == Decimal(-2000))
        #expect(container.property("e", as: Decimal.self) == nil)
        #expect(container.property("e", as: Double.self) == nil)
    }

    @Test(
        "Boolean spellings in any letter case",
        arguments: [
            ("true", true), ("TRUE", true), ("yes", true), ("On", true), ("1", true), ("false", false),
            ("No", false), ("off", false), ("0", false), (" true ", true),
        ])
    func booleans(text: String, expected: Bool) throws {
        let container = try textContainer([("flag", text)])
        #expect(container.property("flag") == expected)
        let required: Bool = try container.requiredProperty("flag")
        #expect(required == expected)
    }

    @Test("texts that are not Booleans", arguments: ["t", "y", "2", "truee", "", "enabled"])
    func notBooleans(text: String) throws {
        let container = try textContainer([("flag", text)])
        #expect(container.property("flag", as: Bool.self) == nil)
    }

    @Test("lists: commas, trimming, escapes, empty text")
    func lists() throws {
        let container = try textContainer([
            ("hosts", "a, b ,c"), ("ports", "80,443"), ("escaped", #"a\,b,c\\d,e\f"#), ("empty", "  "),
            ("one", "solo"), ("gap", "a,,b"), ("bad", "1,x"),
        ])
        #expect(container.property("hosts") == ["a", "b", "c"])
        #expect(container.property("ports") == [80, 443])
        #expect(container.property("escaped") == ["a,b", #"c\d"#, #"e\f"#])
        #expect(container.property("empty") == [String]())
        #expect(container.property("one") == ["solo"])
        #expect(container.property("gap") == ["a", "", "b"])
        #expect(container.property("bad", as: [Int].self) == nil)
        #expect(container.property("ports", as: [Color].self) == nil)
    }

    @Test("dates, URLs, data and raw-value enums")
    func otherTypes() throws {
        let container = try textContainer([
            ("date", "2024-01-31T08:00:00Z"), ("url", "https://example.com/a"), ("data", "aGk="),
            ("color", "green"), ("colors", "red,green"), ("empty", ""),
        ])
        #expect(container.property("date", as: Date.self) == Date(timeIntervalSince1970: 1_706_688_000))
        #expect(container.property("url", as: URL.self) == URL(string: "https://example.com/a"))
        #expect(container.property("data", as: Data.self) == Data("hi".utf8))
        #expect(container.property("color", as: Color.self) == .green)
        #expect(container.property("colors", as: [Color].self) == [.red, .green])
        #expect(container.property("empty", as: URL.self) == nil)
        #expect(container.property("url", as: Date.self) == nil)
        #expect(container.property("empty") == "")
    }

    @Test("every read path honours the text rules")
    func readPaths() throws {
        let container = try textContainer([("server.port", "7777"), ("server.debug", "yes")])
        let port: Int? = container.property("server.port")
        #expect(port == 7777)
        #expect(container.property(PropertyKey("server.port"), default: 1) == 7777)
        #expect(container.property("server.port", default: 1) == 7777)
        #expect(try container.requiredProperty("server.port", as: Int.self) == 7777)
        #expect(container.property("server.debug", default: false))
        container.register(String.self) { r in
            let port: Int = r.property("server.port", .orFatalError)
            let debug: Bool = r.property(PropertyKey("server.debug"), .orFatalError)
            return "\(port) \(debug)"
        }
        #expect(container.resolve(String.self) == "7777 true")
        container.declareProperty(PropertyKey("server.port"), as: Int.self)
        try container.checkProperties()
    }

    @Test("typed sources keep their strict table")
    func typedSourcesStayStrict() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{"port": "7777", "flag": "yes"}"#))
        #expect(container.property("port", as: Int.self) == nil)
        #expect(container.property("flag", as: Bool.self) == nil)
        #expect(throws: PropertyError.typeMismatch) { try container.requiredProperty("port", as: Int.self) }
    }

    @Test("a failed conversion names the key, the type, the value and the source")
    func failureMessages() throws {
        let container = try textContainer([("server.port", "77x7"), ("db.password", "hunter2")])
        let error = #expect(throws: PropertyError.typeMismatch) {
            try container.requiredProperty("server.port", as: Int.self, fileID: "App/Setup.swift", line: 3)
        }
        #expect(
            error?.description
                == #"App/Setup.swift:3: property "server.port" is a string ("77x7") from text source server.port, "#
                + "not convertible to Swift.Int")
        let secret = #expect(throws: PropertyError.typeMismatch) {
            try container.requiredProperty("db.password", as: Int.self, fileID: "App/Setup.swift", line: 4)
        }
        #expect(secret?.description.contains("hunter2") == false)
        // The optional read gives nil and records the same failure for the startup check.
        #expect(container.property("server.port", as: Int.self) == nil)
        #expect(throws: PropertyCheckError.self) { try container.checkProperties() }
    }
}
