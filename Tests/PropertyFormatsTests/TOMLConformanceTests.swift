import Foundation
import PropertyFormats
import Testing

/// Runs toml-test (`shared/conformance/toml-test`): every valid case must parse to its tagged
/// JSON, every invalid case must be rejected.
@Suite struct TOMLConformanceTests {
    /// `<package root>/../shared/conformance/toml-test`.
    static let suiteDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance/toml-test")

    struct Outcome {
        var validPassed = 0
        var validTotal = 0
        var invalidPassed = 0
        var invalidTotal = 0
        var failures: [String] = []
    }

    static func run(list: String, version: TOMLParser.Version) throws -> Outcome? {
        let listURL = suiteDirectory.appendingPathComponent(list)
        guard FileManager.default.fileExists(atPath: listURL.path) else { return nil }
        let names = try String(contentsOf: listURL, encoding: .utf8).split(separator: "\n").map(String.init)
        var outcome = Outcome()
        let options = TOMLParser.Options(version: version)
        for name in names where name.hasSuffix(".toml") {
            let data = try Data(contentsOf: suiteDirectory.appendingPathComponent(name))
            if name.hasPrefix("valid/") {
                outcome.validTotal += 1
                let jsonURL = suiteDirectory.appendingPathComponent(String(name.dropLast(5)) + ".json")
                let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: jsonURL), options: [])
                do {
                    let table = try TOMLParser.parse(data, options: options)
                    if TaggedJSON.matches(.table(table), expected) {
                        outcome.validPassed += 1
                    } else {
                        outcome.failures.append("\(name): parsed value differs from the expected JSON")
                    }
                } catch {
                    outcome.failures.append("\(name): rejected: \(error)")
                }
            } else if name.hasPrefix("invalid/") {
                outcome.invalidTotal += 1
                do {
                    _ = try TOMLParser.parse(data, options: options)
                    outcome.failures.append("\(name): accepted")
                } catch {
                    outcome.invalidPassed += 1
                }
            }
        }
        return outcome
    }

    static func report(_ outcome: Outcome, title: String) {
        print(
            "\(title): valid \(outcome.validPassed)/\(outcome.validTotal), "
                + "invalid \(outcome.invalidPassed)/\(outcome.invalidTotal)")
        for failure in outcome.failures { print("  FAIL \(failure)") }
    }

    @Test func toml100() throws {
        guard let outcome = try Self.run(list: "files-toml-1.0.0", version: .v1_0) else {
            print("SKIPPED: toml-test not found at \(Self.suiteDirectory.path)")
            return
        }
        Self.report(outcome, title: "toml-test 1.0.0")
        #expect(outcome.validTotal > 0 && outcome.invalidTotal > 0)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }

    /// The comparison must tell a wrong value, type or key apart, or the suite proves nothing.
    @Test func comparisonDetectsDifferences() throws {
        let table = try TOMLParser.parse("a = 1\nb = 1979-05-27T07:32:00Z\nc = [1.5]")
        let expected: [String: Any] = [
            "a": ["type": "integer", "value": "1"],
            "b": ["type": "datetime", "value": "1979-05-27T00:32:00-07:00"],
            "c": [["type": "float", "value": "1.5"]],
        ]
        #expect(TaggedJSON.matches(.table(table), expected))
        var wrongValue = expected
        wrongValue["a"] = ["type": "integer", "value": "2"]
        #expect(!TaggedJSON.matches(.table(table), wrongValue))
        var wrongType = expected
        wrongType["a"] = ["type": "float", "value": "1"]
        #expect(!TaggedJSON.matches(.table(table), wrongType))
        var wrongTime = expected
        wrongTime["b"] = ["type": "datetime-local", "value": "1979-05-27T07:32:00"]
        #expect(!TaggedJSON.matches(.table(table), wrongTime))
        var extraKey = expected
        extraKey["d"] = ["type": "bool", "value": "true"]
        #expect(!TaggedJSON.matches(.table(table), extraKey))
    }

    @Test func toml110() throws {
        guard let outcome = try Self.run(list: "files-toml-1.1.0", version: .v1_1) else {
            print("SKIPPED: toml-test not found at \(Self.suiteDirectory.path)")
            return
        }
        Self.report(outcome, title: "toml-test 1.1.0")
        #expect(outcome.validTotal > 0 && outcome.invalidTotal > 0)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }
}

/// Compares parsed values with toml-test's tagged JSON the way toml-test does: integers and
/// floats by value (NaN equal to NaN), date-times by their components, tables as unordered
/// maps, arrays in order.
enum TaggedJSON {
    static func matches(_ value: PropertyValue, _ json: Any) -> Bool {
        switch value {
        case .table(let table):
            guard let object = json as? [String: Any], object.count == table.count else { return false }
            for entry in table.entries {
                guard let expected = object[entry.key], matches(entry.node.value, expected) else { return false }
            }
            return true
        case .array(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0.value, $1) }
        default:
            guard let leaf = json as? [String: Any], let type = leaf["type"] as? String,
                let text = leaf["value"] as? String
            else { return false }
            return matchesLeaf(value, type: type, text: text)
        }
    }

    static func matchesLeaf(_ value: PropertyValue, type: String, text: String) -> Bool {
        switch (type, value) {
        case ("string", .string(let string)):
            return string == text
        case ("integer", .integer(let integer)):
            return Int64(text) == integer
        case ("float", .float(let float)):
            guard let expected = Double(text) else { return false }
            return expected.isNaN ? float.isNaN : expected == float
        case ("bool", .bool(let bool)):
            return text == String(bool)
        case ("datetime", .dateTime(let dateTime)), ("datetime-local", .dateTime(let dateTime)),
            ("date-local", .dateTime(let dateTime)), ("time-local", .dateTime(let dateTime)):
            guard let expected = ExpectedDateTime.parse(text) else { return false }
            switch type {
            case "datetime":
                return dateTime.kind == .offsetDateTime && expected.kind == .offsetDateTime
                    && dateTime.absoluteDate == expected.absoluteDate
            case "datetime-local": return dateTime.kind == .localDateTime && dateTime == expected
            case "date-local": return dateTime.kind == .localDate && dateTime == expected
            default: return dateTime.kind == .localTime && dateTime == expected
            }
        default:
            return false
        }
    }
}

/// A small RFC 3339 reader for the expected values, independent of the parser under test.
enum ExpectedDateTime {
    static func parse(_ text: String) -> DateTimeValue? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func skip(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        var date: DateTimeValue.LocalDate?
        var time: DateTimeValue.LocalTime?
        var offset: Int?
        if bytes.count >= 5, bytes[4] == UInt8(ascii: "-") {
            guard let year = number(4), skip(45), let month = number(2), skip(45), let day = number(2) else {
                return nil
            }
            date = .init(year: year, month: month, day: day)
            guard index < bytes.count else { return DateTimeValue(date: date, time: nil) }
            index += 1
        }
        guard let hour = number(2), skip(58), let minute = number(2) else { return nil }
        var second = 0
        if skip(58) {
            guard let value = number(2) else { return nil }
            second = value
        }
        var nanosecond = 0
        if skip(46) {
            var scale = 100_000_000
            while index < bytes.count, (48...57).contains(bytes[index]) {
                nanosecond += Int(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        time = .init(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                offset = 0
            } else {
                let negative = bytes[index] == 45
                index += 1
                guard let hours = number(2), skip(58), let minutes = number(2) else { return nil }
                offset = (negative ? -1 : 1) * (hours * 3600 + minutes * 60)
            }
        }
        return DateTimeValue(date: date, time: time, utcOffsetSeconds: offset)
    }
}
