import Foundation
import PropertyFormats

/// Random TOML 1.0 documents: a random table tree, printed with a random choice, per table, of
/// `[header]`, dotted keys or an inline table, and per array of tables of `[[header]]` or an
/// inline array, with every string and integer spelling TOML has.
struct TOMLDocumentGenerator {
    var random: RandomSource

    // MARK: values

    mutating func table(depth: Int = 0) -> PropertyTable {
        var entries: [PropertyTable.Entry] = []
        var used = Set<String>()
        for _ in 0..<random.int(0...(depth == 0 ? 6 : 4)) {
            let key =
                random.chance(0.6)
                ? random.pick(["a", "b", "name", "port", "a-b", "_x", "1", "key with space", "é", "", "a.b"])
                : random.text(maxLength: 5)
            guard used.insert(key).inserted else { continue }
            entries.append(PropertyTable.Entry(key: key, node: PropertyNode(value(depth: depth + 1))))
        }
        return PropertyTable(entries)
    }

    mutating func value(depth: Int) -> PropertyValue {
        let containers = depth < 4 ? 3 : 0
        switch random.int(0...(6 + containers)) {
        case 0: return .bool(random.chance(0.5))
        case 1: return .integer(random.chance(0.5) ? Int64(random.int(-1000...1000)) : Int64(bitPattern: random.next()))
        case 2: return .float(random.chance(0.1) ? random.pick([.infinity, -.infinity, .nan]) : random.finiteDouble())
        case 3, 4: return .string(random.text(maxLength: 12))
        case 5, 6: return .dateTime(dateTime())
        case 7: return .array((0..<random.int(0...4)).map { _ in PropertyNode(value(depth: depth + 1)) })
        case 8: return .table(table(depth: depth))
        default:
            return .array((0..<random.int(1...3)).map { _ in PropertyNode(.table(table(depth: depth))) })
        }
    }

    mutating func dateTime() -> DateTimeValue {
        let month = random.int(1...12)
        let year = random.int(1...9999)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        let date = DateTimeValue.LocalDate(year: year, month: month, day: random.int(1...days))
        let digits = random.int(0...6)
        var nanosecond = 0
        if digits > 0 {
            var scale = 1
            for _ in 0..<(9 - digits) { scale *= 10 }
            nanosecond = random.int(0...(1_000_000_000 / scale - 1)) * scale
        }
        let time = DateTimeValue.LocalTime(
            hour: random.int(0...23), minute: random.int(0...59), second: random.int(0...59), nanosecond: nanosecond)
        switch random.int(0...3) {
        case 0: return DateTimeValue(date: date, time: nil)
        case 1: return DateTimeValue(date: nil, time: time)
        case 2: return DateTimeValue(date: date, time: time)
        default:
            let offset = random.chance(0.3) ? 0 : random.int(-(23 * 60 + 59)...(23 * 60 + 59)) * 60
            return DateTimeValue(date: date, time: time, utcOffsetSeconds: offset)
        }
    }

    // MARK: printing

    mutating func print(_ root: PropertyTable) -> String {
        var out = random.chance(0.2) ? "# generated\n" : ""
        printBody(root, path: [], into: &out)
        return out
    }

    private mutating func printBody(_ table: PropertyTable, path: [String], into out: inout String) {
        var headers: [(String, PropertyValue)] = []
        for entry in table.entries {
            switch entry.node.value {
            case .table(let nested):
                switch random.int(0...2) {
                case 0: out += key(entry.key) + " = " + inline(.table(nested)) + "\n"
                case 1 where !nested.isEmpty: printDotted(nested, prefix: key(entry.key), into: &out)
                default: headers.append((entry.key, entry.node.value))
                }
            case .array(let nodes) where !nodes.isEmpty && nodes.allSatisfy(\.isTable) && random.chance(0.6):
                headers.append((entry.key, entry.node.value))
            default:
                out += key(entry.key) + spaces() + "=" + spaces() + inline(entry.node.value) + trailer()
            }
        }
        for (name, value) in headers {
            let nestedPath = path + [key(name)]
            let header = nestedPath.joined(separator: random.pick([".", " . "]))
            switch value {
            case .table(let nested):
                out += "\n[" + header + "]" + trailer()
                printBody(nested, path: nestedPath, into: &out)
            case .array(let nodes):
                for node in nodes {
                    guard case .table(let element) = node.value else { continue }
                    out += "\n[[" + header + "]]" + trailer()
                    printBody(element, path: nestedPath, into: &out)
                }
            default: break
            }
        }
    }

    private mutating func printDotted(_ table: PropertyTable, prefix: String, into out: inout String) {
        for entry in table.entries {
            let name = prefix + random.pick([".", " . "]) + key(entry.key)
            if case .table(let nested) = entry.node.value, !nested.isEmpty, random.chance(0.7) {
                printDotted(nested, prefix: name, into: &out)
            } else {
                out += name + " = " + inline(entry.node.value) + trailer()
            }
        }
    }

    private mutating func inline(_ value: PropertyValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return integer(number)
        case .float(let number): return float(number)
        case .string(let text): return string(text)
        case .dateTime(let value): return dateTimeText(value)
        case .array(let nodes):
            var out = "["
            for (index, node) in nodes.enumerated() {
                out += random.pick(["", " ", "\n  ", " # note\n "])
                out += inline(node.value)
                if index < nodes.count - 1 || random.chance(0.3) { out += "," }
            }
            return out + random.pick(["", " ", "\n"]) + "]"
        case .table(let table):
            let members = table.entries.map { key($0.key) + " = " + inline($0.node.value) }
            return members.isEmpty ? "{}" : "{ " + members.joined(separator: ", ") + " }"
        default: return "\"?\""
        }
    }

    private mutating func spaces() -> String { random.pick([" ", "", "\t", "  "]) }
    private mutating func trailer() -> String { random.pick(["\n", "\n", " # comment\n", "\r\n", "\n\n"]) }

    private mutating func key(_ name: String) -> String {
        let bare =
            !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            }
        if bare, random.chance(0.8) { return name }
        if literalAllowed(name), random.chance(0.5) { return "'" + name + "'" }
        return basic(name)
    }

    private func literalAllowed(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 != "'" && ($0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F)) }
    }

    private mutating func string(_ text: String) -> String {
        switch random.int(0...3) {
        case 0 where literalAllowed(text): return "'" + text + "'"
        case 1
        where text.unicodeScalars.allSatisfy({
            $0 != "'" && ($0 == "\t" || $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F))
        }):
            return "'''\n" + text + "'''"
        case 2:
            return "\"\"\"\n" + escaped(text, rawNewlines: true) + "\"\"\""
        default:
            return basic(text)
        }
    }

    private mutating func basic(_ text: String) -> String { "\"" + escaped(text, rawNewlines: false) + "\"" }

    private mutating func escaped(_ text: String, rawNewlines: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += rawNewlines ? "\n" : "\\n"
            case "\t": out += random.chance(0.5) ? "\t" : "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value > 0x7E && random.chance(0.2)):
                if scalar.value > 0xFFFF || random.chance(0.3) {
                    let digits = String(scalar.value, radix: 16)
                    out += "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
                } else {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private mutating func integer(_ number: Int64) -> String {
        if number >= 0, random.chance(0.4) {
            switch random.int(0...2) {
            case 0: return "0x" + String(number, radix: 16, uppercase: random.chance(0.5))
            case 1: return "0o" + String(number, radix: 8)
            default: return "0b" + String(number, radix: 2)
            }
        }
        var digits = String(number.magnitude)
        if digits.count > 3, random.chance(0.3) {
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { grouped += "_" }
                grouped.append(digit)
            }
            digits = grouped
        }
        if number < 0 { return "-" + digits }
        return random.chance(0.2) ? "+" + digits : digits
    }

    private mutating func float(_ number: Double) -> String {
        if number.isNaN { return random.pick(["nan", "+nan", "-nan"]) }
        if number.isInfinite { return number < 0 ? "-inf" : random.pick(["inf", "+inf"]) }
        return number.description
    }

    private mutating func dateTimeText(_ value: DateTimeValue) -> String {
        let text = value.description
        // RFC 3339 allows a space instead of `T` between the date and the time.
        if value.date != nil, value.time != nil, random.chance(0.3) {
            return text.replacingOccurrences(of: "T", with: " ")
        }
        return text
    }
}

extension PropertyNode {
    fileprivate var isTable: Bool {
        if case .table = value { return true }
        return false
    }
}
