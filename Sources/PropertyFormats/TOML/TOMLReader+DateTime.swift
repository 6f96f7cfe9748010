extension TOMLReader {
    /// Reads an offset date-time, local date-time, local date or local time (RFC 3339).
    /// Fractions beyond nanoseconds are truncated.
    mutating func parseDateTime() throws(ParseError) -> DateTimeValue {
        let start = offset
        var date: DateTimeValue.LocalDate?
        var time: DateTimeValue.LocalTime?
        var utcOffset: Int?
        if byte(at: offset + 2) == UInt8(ascii: ":") {
            time = try parseTime(start: start)
        } else {
            date = try parseDate(start: start)
            let separator = current
            if separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") {
                offset += 1
                time = try parseTime(start: start)
            } else if separator == UInt8(ascii: " ") && Self.isDigit(byte(at: offset + 1))
                && Self.isDigit(byte(at: offset + 2)) && byte(at: offset + 3) == UInt8(ascii: ":")
            {
                offset += 1
                time = try parseTime(start: start)
            }
            if time != nil { utcOffset = try parseOffset(start: start) }
        }
        let next = current
        if Self.isBareKeyByte(next) || next == UInt8(ascii: ":") || next == UInt8(ascii: ".")
            || next == UInt8(ascii: "+")
        {
            let reason =
                date == nil
                    && (next | 0x20 == UInt8(ascii: "z") || next == UInt8(ascii: "+")
                        || next == UInt8(ascii: "-"))
                ? "a local time cannot have an offset" : "unexpected \(describeCurrent)"
            throw invalidDateTime(start, reason)
        }
        return DateTimeValue(date: date, time: time, utcOffsetSeconds: utcOffset)
    }

    private func invalidDateTime(_ start: Int, _ reason: String) -> ParseError {
        var stop = start
        while stop < end
            && (Self.isBareKeyByte(bytes[stop]) || bytes[stop] == UInt8(ascii: ":")
                || bytes[stop] == UInt8(ascii: ".") || bytes[stop] == UInt8(ascii: "+"))
        {
            stop += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
        return error(.invalidDateTime, "invalid date-time '\(text)': \(reason)", at: start)
    }

    /// Reads exactly `count` decimal digits.
    private mutating func digits(_ count: Int, start: Int, what: String) throws(ParseError) -> Int {
        var value = 0
        for _ in 0..<count {
            let digit = current
            guard Self.isDigit(digit) else { throw invalidDateTime(start, "expected \(count) digits for \(what)") }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            offset += 1
        }
        return value
    }

    private mutating func expect(_ separator: UInt8, start: Int, after what: String) throws(ParseError) {
        guard current == separator else {
            throw invalidDateTime(start, "expected '\(Character(Unicode.Scalar(separator)))' after \(what)")
        }
        offset += 1
    }

    /// Reads `YYYY-MM-DD` and checks that the day exists.
    private mutating func parseDate(start: Int) throws(ParseError) -> DateTimeValue.LocalDate {
        let year = try digits(4, start: start, what: "the year")
        try expect(UInt8(ascii: "-"), start: start, after: "the year")
        let month = try digits(2, start: start, what: "the month")
        try expect(UInt8(ascii: "-"), start: start, after: "the month")
        let day = try digits(2, start: start, what: "the day")
        guard (1...12).contains(month) else { throw invalidDateTime(start, "month \(month) is not 1 to 12") }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day >= 1 && day <= monthDays else {
            throw invalidDateTime(start, "day \(day) does not exist in month \(month) of \(year)")
        }
        return DateTimeValue.LocalDate(year: year, month: month, day: day)
    }

    /// Reads `HH:MM:SS[.fraction]` (seconds optional in TOML 1.1).
    private mutating func parseTime(start: Int) throws(ParseError) -> DateTimeValue.LocalTime {
        let hour = try digits(2, start: start, what: "the hour")
        try expect(UInt8(ascii: ":"), start: start, after: "the hour")
        let minute = try digits(2, start: start, what: "the minute")
        var second = 0
        var nanosecond = 0
        if current == UInt8(ascii: ":") || !isV11 {
            try expect(UInt8(ascii: ":"), start: start, after: "the minute")
            second = try digits(2, start: start, what: "the second")
            if current == UInt8(ascii: ".") {
                offset += 1
                guard Self.isDigit(current) else { throw invalidDateTime(start, "expected digits after '.'") }
                var scale = 100_000_000
                while Self.isDigit(current) {
                    nanosecond += Int(current - UInt8(ascii: "0")) * scale
                    scale /= 10
                    offset += 1
                }
            }
        }
        guard hour <= 23 else { throw invalidDateTime(start, "hour \(hour) is not 0 to 23") }
        guard minute <= 59 else { throw invalidDateTime(start, "minute \(minute) is not 0 to 59") }
        guard second <= 60 else { throw invalidDateTime(start, "second \(second) is not 0 to 60") }
        return DateTimeValue.LocalTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// Reads an optional `Z` or `±HH:MM` offset, in seconds.
    private mutating func parseOffset(start: Int) throws(ParseError) -> Int? {
        let sign = current
        if sign | 0x20 == UInt8(ascii: "z") {
            offset += 1
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        offset += 1
        let hours = try digits(2, start: start, what: "the offset hours")
        try expect(UInt8(ascii: ":"), start: start, after: "the offset hours")
        let minutes = try digits(2, start: start, what: "the offset minutes")
        guard hours <= 23 && minutes <= 59 else {
            throw invalidDateTime(start, "offset \(hours):\(minutes) is out of range")
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
