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
        public init(year: Int, month: Int, day: Int) {
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
        public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
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
    public init(date: LocalDate?, time: LocalTime?, utcOffsetSeconds: Int? = nil) {
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
    /// name a point in time.
    public var absoluteDate: Date? {
        guard let date, let time, let utcOffsetSeconds else { return nil }
        let days = Self.daysFromCivil(year: date.year, month: date.month, day: date.day)
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second - utcOffsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(time.nanosecond) / 1e9)
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
                let magnitude = abs(utcOffsetSeconds) / 60
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

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
