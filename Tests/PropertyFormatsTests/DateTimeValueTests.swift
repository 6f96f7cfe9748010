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

    /// The reported case: `days * 86_400` trapped for a huge year from the public initializer.
    @Test func hugeYearHasNoAbsoluteDateInsteadOfTrapping() {
        let time = DateTimeValue.LocalTime(hour: 0, minute: 0, second: 0)
        for year in [Int.max, Int.min, Int.max / 86_400, 1 << 50, -(1 << 50)] {
            let value = DateTimeValue(date: .init(year: year, month: 1, day: 1), time: time, utcOffsetSeconds: 0)
            #expect(value.absoluteDate == nil, "\(year)")
            _ = value.description
        }
        // The largest years whose seconds still fit are a point in time.
        let far = DateTimeValue(date: .init(year: 1 << 30, month: 1, day: 1), time: time, utcOffsetSeconds: 0)
        #expect(far.absoluteDate != nil)
    }

    /// The variant: every other component and the offset at the edges of `Int`.
    @Test func extremeComponentsHaveNoAbsoluteDateInsteadOfTrapping() {
        let date = DateTimeValue.LocalDate(year: 2024, month: 1, day: 1)
        let cases: [DateTimeValue] = [
            .init(
                date: .init(year: 2024, month: .max, day: 1), time: .init(hour: 0, minute: 0, second: 0),
                utcOffsetSeconds: 0),
            .init(
                date: .init(year: 2024, month: .min, day: 1), time: .init(hour: 0, minute: 0, second: 0),
                utcOffsetSeconds: 0),
            .init(
                date: .init(year: 2024, month: 1, day: .max), time: .init(hour: 0, minute: 0, second: 0),
                utcOffsetSeconds: 0),
            .init(date: date, time: .init(hour: .max, minute: 0, second: 0), utcOffsetSeconds: 0),
            .init(date: date, time: .init(hour: 0, minute: .min, second: 0), utcOffsetSeconds: 0),
            .init(date: date, time: .init(hour: 0, minute: 0, second: .max), utcOffsetSeconds: 0),
            .init(date: date, time: .init(hour: 0, minute: 0, second: 0), utcOffsetSeconds: .min),
        ]
        for value in cases {
            #expect(
                value.absoluteDate == nil, "\(value.date.map { "\($0)" } ?? "") \(value.time.map { "\($0)" } ?? "")")
            _ = value.description
        }
        // A month past December rolls over into the next year, as the calendar does.
        let thirteenth = DateTimeValue(
            date: .init(year: 2023, month: 13, day: 1), time: .init(hour: 0, minute: 0, second: 0), utcOffsetSeconds: 0)
        let january = DateTimeValue(date: date, time: .init(hour: 0, minute: 0, second: 0), utcOffsetSeconds: 0)
        #expect(thirteenth.absoluteDate == january.absoluteDate)
        #expect(january.absoluteDate?.timeIntervalSince1970 == 1_704_067_200)
    }
}
