import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Reads `value` stored under "k" as `T`, through a container, as users do.
private func read<T>(_ value: PropertyValue, as type: T.Type) -> T? {
    let container = Container()
    try? container.applyPropertyLoader(ValuesLoader([("k", value)]))
    return container.property("k")
}

private enum Level: String { case debug, info }
private enum Priority: Int { case low = 1, high = 2 }
private struct Endpoint: Decodable, Equatable, Sendable {
    let host: String
    let port: Int
}

private func table(_ pairs: (String, PropertyValue)...) -> PropertyValue {
    .table(PropertyTable(pairs.map { PropertyTable.Entry(key: $0.0, node: PropertyNode($0.1)) }))
}

private func array(_ values: PropertyValue...) -> PropertyValue {
    .array(values.map { PropertyNode($0) })
}

/// One row of the conversion table (the ConversionTable article of SwinjectPropertyLoader).
struct ConversionRow: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let check: @Sendable () -> Bool
}

private func row<T: Equatable & Sendable>(_ label: String, _ stored: PropertyValue, _ type: T.Type, _ expected: T?)
    -> ConversionRow
{
    ConversionRow(testDescription: label) { read(stored, as: T.self) == expected }
}

private let instant = Date(timeIntervalSince1970: 1_709_296_200)
private let localDate = DateTimeValue(date: .init(year: 2024, month: 3, day: 1), time: nil)
private let offsetDateTime = DateTimeValue(
    date: .init(year: 2024, month: 3, day: 1), time: .init(hour: 12, minute: 30, second: 0), utcOffsetSeconds: 0)

private let rows: [ConversionRow] = [
    // integers
    row("integer → Int", .integer(42), Int.self, 42),
    row("integer → Int8 in range", .integer(127), Int8.self, 127),
    row("integer → Int8 out of range is nil", .integer(128), Int8.self, nil),
    row("integer → Int16", .integer(-300), Int16.self, -300),
    row("integer → Int32", .integer(70_000), Int32.self, 70_000),
    row("integer → Int64", .integer(Int64.max), Int64.self, Int64.max),
    row("integer → UInt", .integer(7), UInt.self, 7),
    row("negative integer → UInt8 is nil", .integer(-1), UInt8.self, nil),
    row("integer → UInt16", .integer(65_535), UInt16.self, 65_535),
    row("integer → UInt32", .integer(4_000_000_000), UInt32.self, 4_000_000_000),
    row("integer → UInt64", .integer(9), UInt64.self, 9),
    row("integer → Double (exact)", .integer(3), Double.self, 3.0),
    row("integer → Float (exact)", .integer(3), Float.self, 3.0),
    row("integer 2^53+1 → Double is nil (not exact)", .integer(9_007_199_254_740_993), Double.self, nil),
    row("integer → Bool is nil (1 never becomes true)", .integer(1), Bool.self, nil),
    row("integer → String is nil", .integer(1), String.self, nil),
    row("integer → Decimal", .integer(12), Decimal.self, Decimal(12)),
    // big integers
    row(
        "big integer → String keeps digits", .bigInteger("123456789012345678901234567890"), String.self,
        "123456789012345678901234567890"),
    row("big integer → Int is nil", .bigInteger("123456789012345678901234567890"), Int.self, nil),
    row("big integer → Double", .bigInteger("100000000000000000000"), Double.self, 1e20),
    // floats
    row("float → Double", .float(30.5), Double.self, 30.5),
    row("float → Float", .float(0.5), Float.self, 0.5),
    row("integral float → Int", .float(2.0), Int.self, 2),
    row("1.5 → Int is nil (never truncated)", .float(1.5), Int.self, nil),
    row("float too large → Int32 is nil", .float(1e12), Int32.self, nil),
    row("float → String is nil", .float(1.5), String.self, nil),
    row("float → Bool is nil", .float(1), Bool.self, nil),
    // booleans
    row("bool → Bool", .bool(true), Bool.self, true),
    row("true → Int is nil (true never becomes 1)", .bool(true), Int.self, nil),
    row("bool → Double is nil", .bool(false), Double.self, nil),
    row("bool → String is nil", .bool(true), String.self, nil),
    // strings
    row("string → String", .string("Giants"), String.self, "Giants"),
    row("numeric string → Int is nil", .string("30"), Int.self, nil),
    row("string → Bool is nil", .string("true"), Bool.self, nil),
    row("string → URL", .string("https://api.example.com/v1"), URL.self, URL(string: "https://api.example.com/v1")),
    row("empty string → URL is nil", .string(""), URL.self, nil),
    row("ISO 8601 string → Date", .string("2024-03-01T12:30:00Z"), Date.self, instant),
    row("non-date string → Date is nil", .string("yesterday"), Date.self, nil),
    row("base64 string → Data", .string("AAEC"), Data.self, Data([0, 1, 2])),
    row("string → raw-value enum", .string("debug"), Level.self, .debug),
    row("unknown raw value → enum is nil", .string("verbose"), Level.self, nil),
    row("integer → Int raw-value enum", .integer(2), Priority.self, .high),
    // dates and data
    row("timestamp → Date", .timestamp(instant), Date.self, instant),
    row("timestamp → String (ISO 8601)", .timestamp(instant), String.self, "2024-03-01T12:30:00Z"),
    row("offset date-time → Date", .dateTime(offsetDateTime), Date.self, instant),
    row("local date → Date is nil (no time zone)", .dateTime(localDate), Date.self, nil),
    row("local date → String", .dateTime(localDate), String.self, "2024-03-01"),
    row("data → Data", .data(Data([1, 2])), Data.self, Data([1, 2])),
    row("data → [UInt8]", .data(Data([1, 2])), [UInt8].self, [1, 2]),
    row("data → String is nil", .data(Data([1, 2])), String.self, nil),
    // collections
    row("array → [String]", array(.string("a"), .string("b")), [String].self, ["a", "b"]),
    row("array → [Int]", array(.integer(1), .integer(2)), [Int].self, [1, 2]),
    row("mixed array → [Int] is nil", array(.integer(1), .string("2")), [Int].self, nil),
    row("array of integers → [Double]", array(.integer(1), .float(2.5)), [Double].self, [1, 2.5]),
    row("array → [Level]", array(.string("info"), .string("debug")), [Level].self, [.info, .debug]),
    row("table → [String: Int]", table(("a", .integer(1)), ("b", .integer(2))), [String: Int].self, ["a": 1, "b": 2]),
    row("table with a string → [String: Int] is nil", table(("a", .string("x"))), [String: Int].self, nil),
    row(
        "table → Decodable", table(("host", .string("db")), ("port", .integer(5432))), Endpoint.self,
        Endpoint(host: "db", port: 5432)),
    row("table missing a field → Decodable is nil", table(("host", .string("db"))), Endpoint.self, nil),
    row(
        "array of tables → [Decodable]", array(table(("host", .string("a")), ("port", .integer(1)))),
        [Endpoint].self, [Endpoint(host: "a", port: 1)]),
    row("scalar → [Int] is nil", .integer(1), [Int].self, nil),
    // null
    row("null → String is nil", .null, String.self, nil),
    row("null → Int is nil", .null, Int.self, nil),
]

@Suite struct ConversionTableTests {
    @Test(arguments: rows) func conversion(_ row: ConversionRow) {
        #expect(row.check())
    }

    @Test func optionalRequestedTypeWrapsTheValue() {
        let value: Int?? = read(.integer(5), as: Int?.self)
        #expect(value == .some(.some(5)))
        let missing: Int?? = read(.string("x"), as: Int?.self)
        #expect(missing == Int??.none)
    }

    @Test func anyGivesPlainValues() throws {
        let any = try #require(read(table(("a", .integer(1)), ("b", array(.bool(true)))), as: Any.self))
        let dictionary = try #require(any as? [String: Any])
        #expect(dictionary["a"] as? Int == 1)
        #expect((dictionary["b"] as? [Any])?.first as? Bool == true)
        let strings = try #require(read(table(("x", .string("y"))), as: [String: Any].self))
        #expect(strings["x"] as? String == "y")
        let list = try #require(read(array(table(("n", .integer(1)))), as: [[String: Any]].self))
        #expect(list.first?["n"] as? Int == 1)
    }

    @Test func localDateReadsAsDateComponents() throws {
        let components = try #require(read(.dateTime(localDate), as: DateComponents.self))
        #expect(components.year == 2024)
        #expect(components.month == 3)
        #expect(components.day == 1)
        #expect(components.hour == nil)
    }
}
