import Foundation
import Swinject
import Testing

@testable import SwinjectPropertyLoader

/// The store compares ASCII member names as bytes; these tests pin that it still answers
/// exactly as `String` keys would.
@Suite struct PropertyBatchTests {
    @Test func theAsciiEquivalentsListIsExactlyWhatStringEqualitySays() {
        // Every scalar whose one-scalar string equals a one-character ASCII string.
        var asciiStrings: [String: UInt8] = [:]
        for byte in UInt8(0)..<0x80 { asciiStrings[String(UnicodeScalar(byte))] = byte }
        var found: [UInt32: UInt8] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if let byte = asciiStrings[String(scalar)] { found[value] = byte }
        }
        #expect(found == [0x212A: UInt8(ascii: "K"), 0x037E: UInt8(ascii: ";"), 0x1FEF: UInt8(ascii: "`")])
        for (value, byte) in found {
            #expect(PropertyKeyQuery.asciiEquivalent(of: Unicode.Scalar(value)!) == byte)
        }
    }

    @Test func aNonAsciiSpellingFindsAnAsciiKey() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "Kelvin": 1, "a;b": 2, "x`y": 3 }"#))
        #expect(container.property("\u{212A}elvin") as Int? == 1)
        #expect(container.property("a\u{037E}b") as Int? == 2)
        #expect(container.property("x\u{1FEF}y") as Int? == 3)
        #expect(container.property("Ke\u{0301}lvin") as Int? == nil)
        #expect(container.property("kelvin") as Int? == nil)
    }

    @Test func aKeyGivenTwiceInOneLoaderKeepsTheLaterValueAndBothSources() throws {
        let container = Container()
        try container.applyPropertyLoader(
            ValuesLoader([("port", .integer(1)), ("host", .string("a")), ("port", .integer(2))], sourceName: "one"))
        try container.applyPropertyLoader(ValuesLoader([("port", .integer(3))], sourceName: "two"))
        let record = try #require(container.propertyRecord(for: "port"))
        #expect(record.value == .integer(3))
        #expect(record.overridden.map(\.description) == ["one:3:1", "one:1:1"])
        #expect(container.propertiesDescription.contains("port = 3 (integer) from two:1:1, overrides one:3:1"))
    }

    @Test func equivalentSpellingsInOneLoaderAreOneKey() throws {
        let container = Container()
        try container.applyPropertyLoader(
            ValuesLoader([("caf\u{E9}", .integer(1)), ("cafe\u{301}", .integer(2))], sourceName: "mixed"))
        #expect(container.property("caf\u{E9}") as Int? == 2)
        #expect(container.propertyKeys.count == 1)
        let record = try #require(container.propertyRecord(for: "cafe\u{301}"))
        #expect(record.overridden.map(\.description) == ["mixed:1:1"])
    }

    @Test func aSnapshotTableFindsEveryOneOfManyMembersAndNoOther() {
        let table = SnapshotTable(generation: 1)
        let names = (0..<10_000).map { "service_\($0)_port" }
        for (offset, name) in names.enumerated() {
            table.set(name, .value(PropertyNode(.integer(Int64(offset))), source: 0))
        }
        for (offset, name) in names.enumerated() { #expect(table.offset(of: name) == offset) }
        #expect(table.offset(of: "service_10000_port") == nil)
        #expect(table.offset(of: "") == nil)
        #expect(table.offset(of: "\u{212A}") == nil)
    }

    @Test func theEmptyKeyIsAKeyLikeAnyOther() throws {
        let container = Container()
        try container.applyPropertyLoader(JsonPropertyLoader(string: #"{ "": 1, "a": 2 }"#))
        #expect(container.property("") as Int? == 1)
        #expect(container.property("a") as Int? == 2)
    }
}
