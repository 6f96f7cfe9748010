import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

/// Every limit in `ParseLimits`, exceeded once for JSON and once for TOML, through the parser
/// and through the loader, with the error code checked.
@Suite struct LimitsTests {
    @Test func defaultsAreSafe() {
        let limits = ParseLimits.default
        #expect(limits.maxDepth == 128)
        #expect(limits.maxInputBytes == 64 << 20)
        #expect(limits.maxKeys == 4_000_000)
        #expect(limits.maxStringBytes == 16 << 20)
        #expect(limits.maxNodesPerInputByte == 1)
    }

    /// Strict limits on every loader, as the Limits article of the PropertyFormats catalog shows.
    @Test func readmeLimitsSample() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonURL = directory.appendingPathComponent("config.json")
        let tomlURL = directory.appendingPathComponent("config.toml")
        let plistURL = directory.appendingPathComponent("config.plist")
        try Data(#"{ "a": 1 }"#.utf8).write(to: jsonURL)
        try Data("b = 2".utf8).write(to: tomlURL)
        try Data(FileFormat.plist.validDocument.utf8).write(to: plistURL)
        let container = Container()

        let strict = ParseLimits(maxDepth: 16, maxInputBytes: 1 << 20, maxKeys: 10_000, maxStringBytes: 64 << 10)
        try container.applyPropertyLoader(JsonPropertyLoader(url: jsonURL, options: .init(limits: strict)))
        try container.applyPropertyLoader(TomlPropertyLoader(url: tomlURL, options: .init(limits: strict)))
        try container.applyPropertyLoader(PlistPropertyLoader(url: plistURL, options: .init(limits: strict)))

        #expect(container.propertyKeys == ["a", "b", "key"])
    }

    // MARK: nesting depth

    @Test func jsonDepthLimit() throws {
        let limits = ParseLimits(maxDepth: 10)
        let atLimit = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(jsonError(Data(atLimit.utf8), limits) == nil)
        let over = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        let error = try #require(jsonError(Data(over.utf8), limits))
        #expect(error.code == .nestingTooDeep)
        #expect(error.position == SourcePosition(line: 1, column: 11))
    }

    @Test func jsonDefaultDepthLimitStopsDeepObjects() throws {
        let text = String(repeating: #"{"a":"#, count: 129) + "1" + String(repeating: "}", count: 129)
        let error = try #require(jsonError(Data(text.utf8)))
        #expect(error.code == .nestingTooDeep)
        let fits = String(repeating: #"{"a":"#, count: 128) + "1" + String(repeating: "}", count: 128)
        #expect(jsonError(Data(fits.utf8)) == nil)
    }

    @Test func tomlDepthLimitOnInlineValues() throws {
        let limits = ParseLimits(maxDepth: 10)
        let over = "a = " + String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        #expect(tomlError(Data(over.utf8), limits)?.code == .nestingTooDeep)
        let inline = "a = " + String(repeating: "{ b = ", count: 11) + "1" + String(repeating: " }", count: 11)
        #expect(tomlError(Data(inline.utf8), limits)?.code == .nestingTooDeep)
        let fits = "a = " + String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
        #expect(tomlError(Data(fits.utf8), limits) == nil)
    }

    @Test func tomlDepthLimitOnTableHeadersAndDottedKeys() throws {
        let limits = ParseLimits(maxDepth: 10)
        let path = (0..<12).map { "k\($0)" }.joined(separator: ".")
        #expect(tomlError(Data("[\(path)]\nx = 1\n".utf8), limits)?.code == .nestingTooDeep)
        #expect(tomlError(Data("\(path) = 1\n".utf8), limits)?.code == .nestingTooDeep)
    }

    /// TOML reads nesting by recursion, so a raised `maxDepth` stops at
    /// `TOMLParser.maxSupportedDepth` with an error instead of overflowing the stack (arrays
    /// 10,000 deep did, and dotted keys 100,000 deep).
    @Test func tomlDepthIsCappedWhateverTheLimitSays() throws {
        let limits = ParseLimits(maxDepth: 1_000_000)
        let depth = 100_000
        let documents = [
            "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            "a = " + String(repeating: "{b=", count: depth) + "1" + String(repeating: "}", count: depth),
            Array(repeating: "a", count: depth).joined(separator: ".") + " = 1",
            "[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]",
        ]
        for document in documents {
            let error = try #require(tomlError(Data(document.utf8), limits), "\(document.prefix(8))")
            #expect(error.code == .nestingTooDeep)
            #expect(error.message.contains("\(TOMLParser.maxSupportedDepth)"))
        }
        let fits = "a = " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(tomlError(Data(fits.utf8), limits) == nil)
    }

    // MARK: input size

    @Test func inputSizeLimitInParsers() throws {
        let limits = ParseLimits(maxInputBytes: 100)
        let json = Data((#"{"a": ""# + String(repeating: "x", count: 100) + #""}"#).utf8)
        #expect(jsonError(json, limits)?.code == .inputTooLarge)
        let toml = Data((#"a = ""# + String(repeating: "x", count: 100) + #"""#).utf8)
        #expect(tomlError(toml, limits)?.code == .inputTooLarge)
    }

    @Test(arguments: FileFormat.allCases)
    func inputSizeLimitInLoaders(format: FileFormat) throws {
        let limits = ParseLimits(maxInputBytes: 16)
        let data = Data(format.validDocument.utf8) + Data(repeating: 0x20, count: 32)
        let error = try #require(loaderError(format.loader(data: data, limits: limits)))
        #expect(error.code == .malformedContent)
        #expect(error.description.contains("hostile.\(format)"))
        #expect(error.description.contains("more than the limit of 16 bytes"))
    }

    // MARK: key count

    @Test func jsonKeyLimitCountsNestedKeys() throws {
        let limits = ParseLimits(maxKeys: 5)
        #expect(jsonError(Data(#"{"a":1,"b":2,"c":{"d":3,"e":4}}"#.utf8), limits) == nil)
        let over = Data(#"{"a":1,"b":2,"c":{"d":3,"e":4,"f":5}}"#.utf8)
        #expect(jsonError(over, limits)?.code == .tooManyKeys)
        let inArrays = Data(#"[{"a":1},{"a":1},{"a":1},{"a":1},{"a":1},{"a":1}]"#.utf8)
        #expect(jsonError(inArrays, limits)?.code == .tooManyKeys)
    }

    @Test func tomlKeyLimitCountsTablesAndDottedKeys() throws {
        let limits = ParseLimits(maxKeys: 5)
        #expect(tomlError(Data("a = 1\nb = 2\n[c]\nd = 3\n".utf8), limits) == nil)
        let over = Data("a = 1\nb = 2\n[c]\nd = 3\ne = 4\nf.g = 5\n".utf8)
        #expect(tomlError(over, limits)?.code == .tooManyKeys)
        let tables = (0..<6).map { "[[t]]\nk = \($0)\n" }.joined()
        #expect(tomlError(Data(tables.utf8), limits)?.code == .tooManyKeys)
    }

    @Test func keyLimitThroughLoaders() throws {
        let limits = ParseLimits(maxKeys: 2)
        let json = JsonPropertyLoader(
            string: #"{"a":1,"b":2,"c":3}"#, name: "many.json", options: .init(limits: limits))
        let jsonFailure = try #require(loaderError(json))
        #expect(jsonFailure.code == .malformedContent)
        #expect(jsonFailure.parseError?.code == .tooManyKeys)
        #expect(jsonFailure.description.hasPrefix("many.json:1:"))
        let toml = TomlPropertyLoader(
            string: "a = 1\nb = 2\nc = 3\n", name: "many.toml", options: .init(limits: limits))
        let tomlFailure = try #require(loaderError(toml))
        #expect(tomlFailure.parseError?.code == .tooManyKeys)
        #expect(tomlFailure.description.hasPrefix("many.toml:3:"))
    }

    // MARK: string length

    @Test func jsonStringLimitAppliesToValuesAndKeys() throws {
        let limits = ParseLimits(maxStringBytes: 8)
        #expect(jsonError(Data(#"{"12345678": "12345678"}"#.utf8), limits) == nil)
        #expect(jsonError(Data(#"{"a": "123456789"}"#.utf8), limits)?.code == .stringTooLong)
        #expect(jsonError(Data(#"{"123456789": 1}"#.utf8), limits)?.code == .stringTooLong)
        // The limit counts bytes after unescaping: 3 escapes of 3 UTF-8 bytes each.
        #expect(jsonError(Data(#"["\u20ac\u20ac\u20ac"]"#.utf8), limits)?.code == .stringTooLong)
    }

    @Test func tomlStringLimitAppliesToEveryStringKind() throws {
        let limits = ParseLimits(maxStringBytes: 8)
        #expect(tomlError(Data(#"a = "12345678""#.utf8), limits) == nil)
        for document in [
            #"a = "123456789""#, "a = '123456789'", "a = \"\"\"123456789\"\"\"", "a = '''123456789'''",
            #""123456789" = 1"#, "[\"123456789\"]",
        ] {
            #expect(tomlError(Data(document.utf8), limits)?.code == .stringTooLong, "\(document)")
        }
    }

    @Test func stringLimitThroughLoaders() throws {
        let limits = ParseLimits(maxStringBytes: 4)
        let json = JsonPropertyLoader(string: #"{"a": "long text"}"#, name: "s.json", options: .init(limits: limits))
        #expect(loaderError(json)?.parseError?.code == .stringTooLong)
        let toml = TomlPropertyLoader(string: #"a = "long text""#, name: "s.toml", options: .init(limits: limits))
        #expect(loaderError(toml)?.parseError?.code == .stringTooLong)
    }
}
