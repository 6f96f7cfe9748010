public import Foundation

/// A date, a time, or both, with an optional UTC offset: the four TOML kinds, kept exactly as
/// written. A local time is never converted to UTC.
public struct DateTimeValue: Sendable, Hashable, CustomStringConvertible {
    /// Which of the four kinds a value is.
    public enum Kind: String, Sendable, Hashable {
        /// A date and time with a UTC offset, such as `1979-05-27T07:32:00Z`.
        case offsetDateTime = "offset date-time"
        /// A date and time without an offset, such as `1979-05-27T07:32:00`.
        case localDateTime = "local date-time"
        /// A date alone, such as `1979-05-27`.
        case localDate = "local date"
        /// A time alone, such as `07:32:00`.
        case localTime = "local time"
    }

    /// A calendar date.
    public struct LocalDate: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
        package init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// A time of day with nanosecond precision.
    public struct LocalTime: Sendable, Hashable {
        public var hour: Int
        public var minute: Int
        public var second: Int
        public var nanosecond: Int
        package init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
            self.nanosecond = nanosecond
        }
    }

    /// The date part, if written.
    public var date: LocalDate?
    /// The time part, if written.
    public var time: LocalTime?
    /// The offset from UTC in seconds, if written (`Z` is 0).
    public var utcOffsetSeconds: Int?

    /// Creates a value from its parts. A value with an offset must have a date and a time.
    package init(date: LocalDate?, time: LocalTime?, utcOffsetSeconds: Int? = nil) {
        self.date = date
        self.time = time
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The kind of value, from which parts are present.
    public var kind: Kind {
        if date != nil, time != nil { return utcOffsetSeconds == nil ? .localDateTime : .offsetDateTime }
        return date != nil ? .localDate : .localTime
    }

    /// The components that were written, in the Gregorian calendar. The time zone is set only
    /// for an offset date-time.
    public var dateComponents: DateComponents {
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        if let date {
            components.year = date.year
            components.month = date.month
            components.day = date.day
        }
        if let time {
            components.hour = time.hour
            components.minute = time.minute
            components.second = time.second
            components.nanosecond = time.nanosecond
        }
        if let utcOffsetSeconds { components.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds) }
        return components
    }

    /// The point in time of an offset date-time; nil for the three local kinds, which do not
    /// name a point in time, and for components so large that the seconds since 1970 do not
    /// fit in an `Int` (possible through the public initializer or a custom loader, never from
    /// TOML text, whose years have four digits).
    public var absoluteDate: Date? {
        guard let date, let time, let utcOffsetSeconds,
            let days = Self.daysFromCivil(year: date.year, month: date.month, day: date.day)
        else { return nil }
        var seconds = 0
        for (value, unit) in [(days, 86_400), (time.hour, 3_600), (time.minute, 60), (time.second, 1)] {
            let (product, productOverflow) = value.multipliedReportingOverflow(by: unit)
            let (sum, sumOverflow) = seconds.addingReportingOverflow(product)
            guard !productOverflow, !sumOverflow else { return nil }
            seconds = sum
        }
        let (utc, overflow) = seconds.subtractingReportingOverflow(utcOffsetSeconds)
        guard !overflow else { return nil }
        return Date(timeIntervalSince1970: Double(utc) + Double(time.nanosecond) / 1e9)
    }

    /// RFC 3339 text: `1979-05-27T07:32:00.5-07:00`, `1979-05-27`, `07:32:00`. Fractional
    /// seconds are printed only when not zero, without trailing zeros.
    public var description: String {
        var text = ""
        if let date {
            text += Self.pad(date.year, 4) + "-" + Self.pad(date.month, 2) + "-" + Self.pad(date.day, 2)
        }
        if let time {
            if date != nil { text += "T" }
            text += Self.pad(time.hour, 2) + ":" + Self.pad(time.minute, 2) + ":" + Self.pad(time.second, 2)
            if time.nanosecond > 0 {
                var fraction = Self.pad(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
        }
        if let utcOffsetSeconds {
            if utcOffsetSeconds == 0 {
                text += "Z"
            } else {
                let magnitude = Int(clamping: utcOffsetSeconds.magnitude / 60)
                text +=
                    (utcOffsetSeconds < 0 ? "-" : "+") + Self.pad(magnitude / 60, 2) + ":" + Self.pad(magnitude % 60, 2)
            }
        }
        return text
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm),
    /// or nil when the arithmetic overflows. Months and days out of range roll over, as the
    /// algorithm does.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
        // Bounds that keep every step below in range: about 2.5 × 10^16 years.
        let limit = Int.max / 146_097 * 400 - 800
        guard (-limit...limit).contains(year), (-limit...limit).contains(month), (-limit...limit).contains(day)
        else { return nil }
        // Whole years carried by the month, so the formula sees a month in 1...12.
        let monthIndex = month - 1
        let carriedYears = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let normalizedMonth = monthIndex - carriedYears * 12 + 1
        let y = year + carriedYears - (normalizedMonth <= 2 ? 1 : 0)
        guard (-limit...limit).contains(y) else { return nil }
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (normalizedMonth > 2 ? normalizedMonth - 3 : normalizedMonth + 9) + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let (days, overflow) = (era * 146_097 + dayOfEra - 719_468).addingReportingOverflow(day - 1)
        return overflow ? nil : days
    }
}
