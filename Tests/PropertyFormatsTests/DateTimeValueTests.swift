import Foundation
import PropertyFormats
import Testing

@Suite struct DateTimeValueTests {
    @Test func offsetDateTimeIsAnAbsoluteDate() throws {
        let value = DateTimeValue(
            date: .init(year: 1979, month: 5, day: 27),
            time: .init(hour: 7, minute: 32, second: 0, nanosecond: 500_000_000),
            utcOffsetSeconds: -7 * 3600
        )
        #expect(value.kind == .offsetDateTime)
        #expect(value.description == "1979-05-27T07:32:00.5-07:00")
        let date = try #require(value.absoluteDate)
        #expect(date.timeIntervalSince1970 == 296_663_520.5)
    }

    @Test func localKindsHaveNoAbsoluteDate() {
        let time = DateTimeValue(date: nil, time: .init(hour: 7, minute: 32, second: 0))
        #expect(time.kind == .localTime)
        #expect(time.absoluteDate == nil)
        #expect(time.description == "07:32:00")
        #expect(time.dateComponents.hour == 7)
        #expect(time.dateComponents.timeZone == nil)
        let date = DateTimeValue(date: .init(year: 2024, month: 2, day: 29), time: nil)
        #expect(date.kind == .localDate)
        #expect(date.description == "2024-02-29")
    }

    @Test func flatteningJoinsNestedTablesWithDots() {
        let inner = PropertyTable([.init(key: "cost", node: PropertyNode(.float(99.99)))])
        let middle = PropertyTable([.init(key: "unlimited", node: PropertyNode(.table(inner)))])
        let root = PropertyTable([
            .init(key: "packages", node: PropertyNode(.table(middle))),
            .init(key: "name", node: PropertyNode(.string("x"))),
        ])
        let flat = root.flattened()
        #expect(flat.map(\.key) == ["packages.unlimited.cost", "name"])
        #expect(root.keyPaths(flattenedTo: "packages.unlimited.cost") == [["packages", "unlimited", "cost"]])
        #expect(!root.containsDottedKey)
        let dotted = PropertyTable([.init(key: "a.b", node: PropertyNode(.integer(1)))])
        #expect(dotted.containsDottedKey)
    }
}
